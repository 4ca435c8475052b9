import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ERROR_CATALOGUE } from '../../contract/errors.js';
import { ApiError } from './api-error.js';
import { currentLang } from './i18n.js';

/**
 * Puts a refused request's field errors back into the form. Validation errors (INVALID_REQUEST)
 * carry the contract's messages per path (translated when shown); a business code (E0188, E0201,
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
        setError(d.path as FieldPath<T>, { type: 'server', message: d.message });
        placed = true;
      }
    }
    return placed;
  }
  if (error.code === 'NETWORK' || error.code === 'UNKNOWN') return false;
  const info = ERROR_CATALOGUE[error.code] as { field?: string; fr: string; en: string };
  const path = error.details.find((d) => d.path && known(d.path))?.path ?? info.field;
  if (!path || !known(path)) return false;
  setError(path as FieldPath<T>, { type: 'server', message: info[currentLang()] });
  return true;
}
