import { labelIn, type Lang } from '../../contract/enums.js';
import { ERROR_CATALOGUE } from '../../contract/errors.js';
import { ApiError } from './api-error.js';
import { i18n } from './i18n.js';

/** The catalogue's human message for an error; the upstream's own text is never shown. */
export function errorMessage(error: unknown, lang: Lang): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return i18n.t('errors.network', { lng: lang });
    if (error.code === 'UNKNOWN') return i18n.t('errors.unknown', { status: error.status, lng: lang });
    return labelIn(ERROR_CATALOGUE[error.code], lang);
  }
  return i18n.t('errors.unexpected', { lng: lang });
}
