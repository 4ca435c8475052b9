import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { authFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const authEn: Catalogue<typeof authFr> = {
  signIn: {
    title: 'Sign in',
    email: 'Email address',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    ssoButton: 'Sign in with {{name}}',
    or: 'or',
    sandboxHint: 'Sandbox: manager@demo-agency.fr, staff@demo-agency.fr or intermediary@demo-agency.fr, password “sandbox-demo”.',
  },
};
