import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { authFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const authEn: Catalogue<typeof authFr> = {
  signIn: {
    sessionEnded:
      'Your session has ended: it was closed elsewhere (on another device or by a manager) or after a while without activity. Sign in again to go back to the page you were on.',
    title: 'Sign in',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    ssoButton: 'Sign in with {{name}}',
    or: 'or',
    // <id>: an address or the password, kept on one line (a line broke them at their hyphen)
    sandboxHint:
      'Sandbox: <id>manager@demo-agency.fr</id>, <id>staff@demo-agency.fr</id> or <id>intermediary@demo-agency.fr</id>, password “<id>sandbox-demo</id>”.',
  },
};
