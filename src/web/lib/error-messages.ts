import { ERROR_CATALOGUE } from '../../contract/errors.js';
import type { Lang } from '../../contract/enums.js';
import { ApiError } from './api-error.js';

/** The catalogue's human message for an error; the upstream's own text is never shown. */
export function errorMessage(error: unknown, lang: Lang): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK')
      return lang === 'fr' ? 'Connexion au serveur impossible : vérifiez votre réseau.' : 'Cannot reach the server: check your network.';
    if (error.code === 'UNKNOWN')
      return lang === 'fr' ? `Erreur inattendue (HTTP ${error.status}).` : `Unexpected error (HTTP ${error.status}).`;
    return ERROR_CATALOGUE[error.code][lang];
  }
  return lang === 'fr' ? 'Erreur inattendue.' : 'Unexpected error.';
}
