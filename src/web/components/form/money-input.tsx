import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useLang } from '../../lib/i18n.js';
import { textFieldBinding, type ControlledProps } from './field-error.js';

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>;

/** An amount in euros: typed as text (a comma is accepted), kept in the form as a number. */
export function MoneyInput<T extends FieldValues, O extends FieldValues = T>({ control, name, helperText, ...rest }: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  const value = field.value as number | undefined | null;
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (Number(text.replace(',', '.')) !== value) setText(value === undefined || value === null ? '' : String(value));
  }
  return (
    <TextField
      {...rest}
      {...textFieldBinding(field, fieldState.error, helperText, lang)}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        const raw = e.target.value;
        setText(raw);
        const normalized = raw.replace(/\s/g, '').replace(',', '.');
        field.onChange(normalized === '' ? undefined : Number.isFinite(Number(normalized)) ? Number(normalized) : raw);
      }}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
      fullWidth
    />
  );
}
