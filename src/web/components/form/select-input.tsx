import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import { useLang } from '../../lib/i18n.js';
import { textFieldBinding, type ControlledProps } from './field-error.js';

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & {
  options: readonly { value: number | string; label: string }[];
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'select'>;

/** A select whose value keeps the option's type (numbers stay numbers). */
export function SelectInput<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  options,
  helperText,
  ...rest
}: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  const current = field.value as number | string | undefined;
  return (
    <TextField
      {...rest}
      select
      {...textFieldBinding(field, fieldState.error, helperText, lang)}
      value={current === undefined || current === null ? '' : String(current)}
      onChange={(e) => field.onChange(options.find((o) => String(o.value) === e.target.value)?.value)}
      fullWidth
    >
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
