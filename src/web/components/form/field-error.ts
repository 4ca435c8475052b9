import type { Control, ControllerRenderProps, FieldError, FieldPath, FieldValues } from 'react-hook-form';
import { currentLang } from '../../lib/i18n.js';
import { validationMessage } from '../../lib/validation-messages.js';

/** The message of a field error (zod's, or the server's mapped one set with setError), in the user's language. */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return validationMessage(error.message ?? 'is required', currentLang());
}

/** What every form input takes: the form's control and the path of its field. */
export interface ControlledProps<T extends FieldValues, O extends FieldValues = T> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}

/** A TextField's props bound to a controlled field: name, ref, blur, and its error in place of the helper text. */
export function textFieldBinding(
  field: Pick<ControllerRenderProps, 'name' | 'ref' | 'onBlur'>,
  error: FieldError | undefined,
  helperText: React.ReactNode,
) {
  return {
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    error: Boolean(error),
    helperText: fieldMessage(error) ?? helperText,
  };
}
