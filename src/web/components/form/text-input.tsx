import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type FieldValues } from 'react-hook-form';
import { useLang } from '../../lib/i18n.js';
import { textFieldBinding, type ControlledProps } from './field-error.js';

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>;

export function TextInput<T extends FieldValues, O extends FieldValues = T>({ control, name, helperText, ...rest }: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  return (
    <TextField
      {...rest}
      {...textFieldBinding(field, fieldState.error, helperText, lang)}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value === '' && !rest.required ? undefined : e.target.value)}
      fullWidth
    />
  );
}
