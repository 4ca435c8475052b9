import type { Catalogue } from './catalogue.js';
import type { sharedFr } from './fr.js';

/**
 * The shared copy: what the shared components say (person, address and company fields, the leave
 * dialog, uploads, errors, the back-office panel). Copy used by several features lives here, as
 * features never import each other. In English: the French keys, no more, no less (the compiler checks).
 */
export const sharedEn: Catalogue<typeof sharedFr> = {
  common: {
    loading: 'Loading…',
    notFound: 'Page not found',
    backHome: 'Back to the home page',
    comingSoon: 'This page is coming soon.',
    labelValue: '{{label}}: {{value}}',
  },
  claimView: {
    label: 'Claims shown',
    mine: 'My claims',
    all: 'All of the agency’s',
    mineHint: 'Those you opened or look after.',
    allHint: 'Every claim of the agency.',
  },
  outOfScope: {
    title: 'This project is outside your scope',
    back: 'Back to the previous page',
    claims: 'My claims',
    active: 'The active contracts',
  },
  clock: {
    realTime: 'Real times: these are when the actions took place, not the sandbox clock’s dates.',
  },
  readModel: {
    asOf: 'Data as of {{date}}',
    syncing: 'First sync in progress: the list is filling in.',
    firstSync: 'First synchronisation in progress…',
    exportRefused: 'The file cannot be exported yet',
    partnerAnswer: 'The partner service’s last answer: {{answer}}',
    close: 'Close',
    assignee: 'Looked after by',
    everyone: 'Everyone',
    mine: 'Me',
    nobody: 'Nobody',
  },
  errors: {
    reference: 'Reference to quote to support: {{requestId}}',
    retry: 'Retry',
    unknown: 'Unexpected error (HTTP {{status}}).',
    unexpected: 'Unexpected error.',
    network: 'Cannot reach the server: check your network.',
  },
  person: {
    gender: 'Title',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    country: 'Country',
    phoneInvalid: 'Invalid number for this country.',
  },
  address: {
    address: 'Address',
    additionalAddress: 'Address line 2',
    zipCode: 'Postcode',
    city: 'City',
    country: 'Country',
  },
  legal: {
    company: 'Company',
    companyName: 'Company name',
    companyType: 'Legal form',
    shareCapital: 'Share capital',
    siren: 'SIREN',
    sirenAs: 'Saved as {{value}}',
    rcsCity: 'Registry city (RCS)',
    rcsNumber: 'Registry number (RCS)',
    companyAddress: 'Company address (optional)',
  },
  documents: {
    required: 'Required documents',
    provided: 'Provided',
    missing: 'Missing',
    choose: 'Choose a file',
    tooLarge: '{{name}} is over 10 MB.',
    badType: '{{name}} is not a PDF, JPEG, PNG or GIF.',
    empty: 'The file {{name}} is empty: choose a file that has content.',
    refused: 'Refused',
  },
  network: {
    offline: 'No network connection. What you save will be sent when it returns, as long as this tab stays open.',
    waiting_one: '{{count}} action is waiting for the network to be sent.',
    waiting_other: '{{count}} actions are waiting for the network to be sent.',
    pending: 'Waiting for the network…',
  },
  leave: {
    title: 'Leave without saving?',
    text: 'What you entered will be lost.',
    titleDraft: 'Leave the form?',
    textDraft:
      'What you entered stays saved as a draft in this browser: you will find it when you come back to this form (it is erased when you sign out).',
    textSignOut: 'Signing out erases the draft: what you entered will be lost.',
    signOutTitle: 'Sign out?',
    signOutDrafts: 'Signing out erases this tab’s drafts: what you entered without saving it (a month, a payment, a form) will be lost.',
    signOut: 'Sign out',
    stay: 'Stay',
    leave: 'Leave',
  },
  backoffice: {
    title: 'Sandbox back office',
    hint: "Simulates the case handler's, tenant's and owner's actions (does not exist on the real service).",
  },
};
