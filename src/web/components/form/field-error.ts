import type { FieldError } from 'react-hook-form';
import { currentLang } from '../../lib/i18n.js';
import { validationMessage } from '../../lib/validation-messages.js';

/** The message of a field error (zod's, or the server's mapped one set with setError), in the user's language. */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return validationMessage(error.message ?? 'is required', currentLang());
}
