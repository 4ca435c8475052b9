import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldMessage } from './field-error.js';

type Props<T extends FieldValues, O extends FieldValues = T> = {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>;

export function TextInput<T extends FieldValues, O extends FieldValues = T>({ control, name, helperText, ...rest }: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...rest}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(e) => field.onChange(e.target.value === '' && !rest.required ? undefined : e.target.value)}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldMessage(fieldState.error) ?? helperText}
      fullWidth
    />
  );
}
