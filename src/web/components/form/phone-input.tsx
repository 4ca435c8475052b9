import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useLang } from '../../lib/i18n.js';
import { muiTexts } from '../../lib/mui-texts.js';
import { fieldMessage, type ControlledProps } from './field-error.js';

/** Countries by their name in the UI language, in that language's alphabetical order (built once per language). */
const byLang = new Map<string, { codes: CountryCode[]; name: (code: string) => string }>();
function countries(lang: string) {
  let entry = byLang.get(lang);
  if (!entry) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    const label = new Map(getCountries().map((c) => [c as string, names?.of(c) ?? c]));
    const name = (code: string) => label.get(code) ?? code;
    const collator = new Intl.Collator(lang);
    entry = { codes: getCountries().sort((a, b) => collator.compare(name(a), name(b))), name };
    byLang.set(lang, entry);
  }
  return entry;
}

interface PhoneValue {
  phoneContryCode?: string;
  phoneOrigin?: string;
  phoneFormated?: string;
}

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & {
  label: string;
  countryLabel: string;
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
  invalidMessage,
}: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  const mui = muiTexts(lang);
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
  const list = countries(lang);
  const error = fieldState.error as (typeof fieldState.error & { phoneFormated?: { message?: string } }) | undefined;
  const message = error?.phoneFormated
    ? typed.trim()
      ? invalidMessage
      : fieldMessage(error.phoneFormated as typeof error, lang)
    : fieldMessage(error, lang);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <Autocomplete
        {...mui.autocomplete}
        sx={{ width: { xs: '100%', md: 220 }, flexShrink: 0 }}
        options={list.codes}
        value={country}
        disableClearable
        autoHighlight
        getOptionLabel={(c) => `${list.name(c)} (+${getCountryCallingCode(c)})`}
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
