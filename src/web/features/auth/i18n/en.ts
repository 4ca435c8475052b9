import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { authFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const authEn: Catalogue<typeof authFr> = {
  signIn: {
    sessionEnded:
      'Your session has ended: it was closed elsewhere (on another device or by a manager) or after a while without activity. Sign in again to go back to the page you were on.',
    endedIdle_one:
      'Your session has ended after {{count, count}} minute without activity. Sign in again to go back to the page you were on.',
    endedIdle_other:
      'Your session has ended after {{count, count}} minutes without activity. Sign in again to go back to the page you were on.',
    endedMax_one:
      'Your session has ended: it reached its longest length ({{count, count}} hour after signing in). Sign in again to go back to the page you were on.',
    endedMax_other:
      'Your session has ended: it reached its longest length ({{count, count}} hours after signing in). Sign in again to go back to the page you were on.',
    endedElsewhere:
      'Your session has ended: it was closed elsewhere (on another device, by a password change or by a manager). Sign in again to go back to the page you were on.',
    draftsWait: 'What you had typed is waiting for you on that page if you sign in again with the same account.',
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
  sessionTimeout: {
    idleTitle: 'Still there?',
    idleText_one: 'You will be signed out in {{count, count}} minute, for lack of activity.',
    idleText_other: 'You will be signed out in {{count, count}} minutes, for lack of activity.',
    maxTitle: 'End of the session',
    maxText_one:
      'Your session reaches its longest length: you will be signed out in {{count, count}} minute. What you are typing will wait for you after you sign in again.',
    maxText_other:
      'Your session reaches its longest length: you will be signed out in {{count, count}} minutes. What you are typing will wait for you after you sign in again.',
    kept: 'What you have typed is kept in this tab.',
    unkept: 'What is not kept, if the session ends:',
    stay: 'Stay signed in',
    staying: 'One moment…',
    understood: 'Understood',
    signOut: 'Sign out',
    failed: 'The server does not answer: check your connection, then try again.',
  },
};
