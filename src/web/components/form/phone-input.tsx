import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { fieldMessage, type ControlledProps } from './field-error.js';

const COUNTRIES = getCountries();
const regionName = (code: string, lang: string) => {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

interface PhoneValue {
  phoneContryCode?: string;
  phoneOrigin?: string;
  phoneFormated?: string;
}

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & {
  label: string;
  countryLabel: string;
  lang: string;
  invalidMessage: string;
};

/**
 * Country and number; the number as typed locally is turned into E.164 with libphonenumber-js.
 * The form holds the contract's phone object (phoneContryCode, phoneOrigin, phoneFormated).
 */
export function PhoneInput<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  countryLabel,
  lang,
  invalidMessage,
}: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as PhoneValue | undefined) ?? {};
  const country = (value.phoneContryCode ?? 'FR') as CountryCode;
  const [typed, setTyped] = useState(value.phoneOrigin ?? '');
  const update = (nextCountry: CountryCode, text: string) => {
    const parsed = parsePhoneNumberFromString(text, nextCountry);
    const valid = parsed?.isValid() ?? false;
    field.onChange({
      phoneContryCode: nextCountry,
      phoneOrigin: text,
      phoneFormated: valid ? parsed?.number : text ? 'invalid' : undefined,
    });
  };
  const error = fieldState.error as (typeof fieldState.error & { phoneFormated?: { message?: string } }) | undefined;
  const message = error?.phoneFormated
    ? typed.trim()
      ? invalidMessage
      : fieldMessage(error.phoneFormated as typeof error)
    : fieldMessage(error);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <Autocomplete
        sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}
        options={COUNTRIES}
        value={country}
        disableClearable
        autoHighlight
        getOptionLabel={(c) => `${regionName(c, lang)} (+${getCountryCallingCode(c)})`}
        onChange={(_e, c) => update(c, typed)}
        renderInput={(params) => <TextField {...params} label={countryLabel} />}
      />
      <TextField
        label={label}
        type="tel"
        autoComplete="tel-national"
        name={`${field.name}.phoneOrigin`}
        inputRef={field.ref}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          update(country, e.target.value);
        }}
        onBlur={field.onBlur}
        required
        error={Boolean(message)}
        helperText={message ?? (value.phoneFormated && value.phoneFormated !== 'invalid' ? value.phoneFormated : undefined)}
        fullWidth
      />
    </Stack>
  );
}
