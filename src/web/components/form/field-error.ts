import type { Control, ControllerRenderProps, FieldError, FieldPath, FieldValues } from 'react-hook-form';
import type { Lang } from '../../../contract/enums.js';
import { REQUIRED, isRequiredRule, validationMessage } from '../../lib/validation-messages.js';

/**
 * The message of a field error (zod's, or the server's mapped one set with setError), in the
 * user's language. A field left empty says it is required (not "invalid date", not "choose a
 * value in the list"), unless the rule says why it is required here. `lang`: the UI language as the
 * component read it (useLang), so a message already shown follows a language switch.
 */
export function fieldMessage(error: FieldError | undefined, lang: Lang, empty = false): string | undefined {
  if (!error) return undefined;
  const message = error.message ?? REQUIRED;
  // a rule saying why the field is required here ("required for a retired tenant...") is kept
  const missing = empty && error.type !== 'server' && !isRequiredRule(message);
  return validationMessage(missing ? REQUIRED : message, lang);
}

/** What every form input takes: the form's control and the path of its field. */
export interface ControlledProps<T extends FieldValues, O extends FieldValues = T> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}

/** A TextField's props bound to a controlled field: name, ref, blur, and its error in place of the helper text. */
export function textFieldBinding(
  field: Pick<ControllerRenderProps, 'name' | 'ref' | 'onBlur' | 'value'>,
  error: FieldError | undefined,
  helperText: React.ReactNode,
  lang: Lang,
) {
  const empty = field.value === undefined || field.value === null || field.value === '';
  return {
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    error: Boolean(error),
    helperText: fieldMessage(error, lang, empty) ?? helperText,
  };
}
