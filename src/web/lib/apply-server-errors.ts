import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ERROR_CATALOGUE } from '../../contract/errors.js';
import { ApiError } from './api-error.js';

/**
 * Puts a refused request's field errors back into the form: the envelope's details (paths of
 * the body) and the catalogue's field for coded errors. Answers true when a field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: (path: string) => boolean,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const d of error.details) {
    if (d.path && known(d.path)) {
      setError(d.path as FieldPath<T>, { type: 'server', message: d.message });
      placed = true;
    }
  }
  const field =
    error.code in ERROR_CATALOGUE ? (ERROR_CATALOGUE[error.code as keyof typeof ERROR_CATALOGUE] as { field?: string }).field : undefined;
  if (!placed && field && known(field)) {
    setError(field as FieldPath<T>, { type: 'server', message: error.message });
    placed = true;
  }
  return placed;
}
