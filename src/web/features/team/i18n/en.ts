import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { teamFr } from './fr.js';

/** The team page's copy, in English. */
export const teamEn: Catalogue<typeof teamFr> = {
  team: {
    title: 'Team',
    link: 'Manage the team',
    intro: 'The people who use the dashboard: invite a colleague, change a role, deactivate an account.',
    forbidden: 'This page is for managers.',
    columns: { name: 'Name', email: 'Email', role: 'Role', state: 'State', lastSignIn: 'Last sign-in', actions: 'Actions' },
    states: { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' },
    never: 'Never',
    pending: 'Link valid until {{date}}',
    pendingReset: 'Reset link valid until {{date}}',
    you: '(you)',
    roleOf: 'Role of {{name}}',
    actionsOf: 'Actions for {{name}}',
    resend: 'Resend the invitation',
    revoke: 'Revoke the invitation',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    reset: 'New password link',
    invite: {
      title: 'Invite a colleague',
      email: 'Email',
      name: 'Name',
      role: 'Role',
      lang: 'Language of the invitation',
      submit: 'Invite',
      submitting: 'Inviting…',
    },
    langs: { fr: 'French', en: 'English' },
    linkDialog: {
      title: 'Link for {{name}}',
      text: 'This link works once and until {{date}}. It is shown only here: copy it now.',
      mailed: 'It was also emailed to {{email}}.',
      notMailed: 'No email was sent: pass it on to {{email}} yourself.',
      copy: 'Copy the link',
      copied: 'Link copied',
      close: 'Close',
      label: 'Link',
    },
    confirm: {
      cancel: 'Cancel',
      deactivateTitle: 'Deactivate {{name}}?',
      deactivateText: 'Their sessions end at once and the account can no longer sign in. Their name stays on everything they did.',
      revokeTitle: 'Revoke the invitation of {{name}}?',
      revokeText: 'Their link stops working.',
    },
    done: {
      role: 'Role of {{name}} changed: it applies from their next action.',
      deactivate: '{{name}} is deactivated.',
      reactivate: '{{name}} is reactivated.',
      revoke: 'Invitation of {{name}} revoked.',
    },
  },
};
