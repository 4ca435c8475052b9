import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { accountFr } from './fr.js';

/** My account's and the links' page copy, in English. */
export const accountEn: Catalogue<typeof accountFr> = {
  account: {
    title: 'My account',
    sessions: {
      title: 'My open sessions',
      current: 'This session',
      unknownDevice: 'Unknown device',
      detail: 'Address {{address}} · last active {{last}} · opened {{since}}',
      end: 'End',
      endOne: 'End the session {{device}}',
      endOthers: 'End all other sessions',
    },
    reminders: {
      title: 'Reminders by email',
      hint: 'Each month, an email reminds you of what is left to declare.',
      label: 'Receive the monthly reminders',
    },
    link: {
      invalidTitle: 'Sign-in link',
      inviteTitle: 'Welcome: choose your password',
      resetTitle: 'Choose a new password',
      hello: 'Hello {{name}}. Choose the password of your account; you will then be signed in.',
      email: 'Your email',
      formLabel: 'Choose the password',
      submit: 'Save and sign me in',
      submitting: 'Saving…',
      toSignIn: 'Go to the sign-in page',
    },
    password: {
      title: 'Change my password',
      current: 'Current password',
      save: 'Change the password',
      saving: 'Saving…',
      saved: 'Password changed: your other sessions are ended.',
      new: 'New password',
      confirm: 'Confirm the password',
      rule: '{{min}} to {{max}} characters, without your name or email: a sentence of a few words works very well.',
      mismatch: 'The two passwords differ.',
    },
  },
};
