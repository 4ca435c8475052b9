import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { labelIn } from '../../contract/enums.js';
import { ERROR_CATALOGUE } from '../../contract/errors.js';
import { ApiError } from './api-error.js';
import { currentLang } from './i18n.js';
import { encodeRule } from './validation-messages.js';

/**
 * Puts a refused request's field errors back into the form. Validation errors (INVALID_REQUEST)
 * carry the rule each value broke (rendered in the UI language when shown; a detail without one
 * reads as invalid, the server's English is not shown); a business code (E0188, E0201,
 * SCORE_TOO_LOW...) shows the catalogue's message on the field it concerns, never the server's text.
 * Answers true when a field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'INVALID_REQUEST') {
    let placed = false;
    for (const d of error.details) {
      if (d.path && known(d.path)) {
        setError(d.path as FieldPath<T>, { type: 'server', message: encodeRule(d.rule ?? { key: 'invalid', params: {} }) });
        placed = true;
      }
    }
    return placed;
  }
  if (error.code === 'NETWORK' || error.code === 'UNKNOWN') return false;
  const info: { field?: string; fr: string; en: string } = ERROR_CATALOGUE[error.code];
  const path = error.details.find((d) => d.path && known(d.path))?.path ?? info.field;
  if (!path || !known(path)) return false;
  setError(path as FieldPath<T>, { type: 'server', message: labelIn(info, currentLang()) });
  return true;
}
