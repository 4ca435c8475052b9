import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { followsFr } from './fr.js';

/** Following files, the notifications, the email choices and the unsubscribe page, in English. */
export const followsEn: Catalogue<typeof followsFr> = {
  follow: {
    follow: 'Watch',
    following: 'Watching',
    hint: 'Watch this file: what changes on it is brought to you (the bell, and email as you choose).',
    nowFollowing: 'You watch this file: what changes on it will be brought to you.',
    stopped: 'You no longer watch this file.',
    since: 'Since your last visit, on {{date}} at {{time}}',
    sinceFollowed: 'Since you started watching this file',
    reasons: {
      manual: 'Watched at your request',
      created: 'Created by you',
      assigned: 'Assigned to you',
      project: 'A claim of a project you watch',
    },
    list: {
      title: 'Watched files',
      hint: 'What changes on these files is brought to you. You watch what you create, what is assigned to you and the claims of the projects you watch.',
      total_one: '{{count}} watched file',
      total_other: '{{count}} watched files',
      none: 'You watch no file. The “Watch” button is on the page of each project and each claim.',
      since: '{{reason}}, since {{date}}',
      stop: 'Stop watching',
      stopOne: 'Stop watching {{name}}',
      stoppedOne: 'You no longer watch this file: {{name}}.',
      more: 'Show more',
    },
    email: {
      title: 'Notifications by email',
      legend: 'Receive by email',
      none: 'Nothing',
      noneHint: 'Notifications stay in the app (the bell).',
      digest: 'A daily digest',
      digestHint: 'Each morning, at the hour your agency chose, what you have not read yet.',
      urgent: 'Urgent ones at once, the rest in the digest',
      urgentHint: 'A receipt awaiting the landlord’s signature, a document or a claim refused: an email right away.',
      save: 'Save',
      saving: 'Saving…',
      saved: 'Your choice is saved.',
    },
    digestHour: {
      title: 'Daily digest of notifications',
      hint: 'The hour at which each person who chose it receives the digest of what they have not read. Paris time, the partner service’s.',
      label: 'Sending hour',
      hour: '{{hour}}:00',
      save: 'Save',
      saving: 'Saving…',
      saved: 'The digest’s hour is saved.',
    },
  },
  notifications: {
    title: 'Notifications',
    markAll: 'Mark all read',
    none: 'No notifications. Watch a file to be told what changes on it.',
    more: 'Show more',
    unread: 'Unread',
    close: 'Close',
    at: '{{date}} at {{time}}',
    account: 'Watched files and emails',
  },
  unsubscribe: {
    title: 'Unsubscribe from emails',
    what: 'This link stops, for you only, the notification emails it came from: the daily digest, or the immediate alerts. Nothing changes until you confirm.',
    confirm: 'Unsubscribe me',
    sending: 'Unsubscribing…',
    done: {
      digest: 'Done: you will no longer receive the daily digest.',
      urgent: 'Done: you will no longer receive immediate alerts by email.',
    },
    already: {
      digest: 'You had already unsubscribed from the daily digest: nothing changed.',
      urgent: 'You had already unsubscribed from the immediate alerts: nothing changed.',
    },
    invalid:
      'This unsubscribe link is not valid (incomplete or altered): nothing changed. Copy it whole from the email, or choose your emails in your account.',
    account: 'Choose my emails in my account',
  },
};
