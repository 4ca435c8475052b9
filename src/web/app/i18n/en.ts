import type { Catalogue } from '../../lib/i18n/catalogue.js';
import type { appFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const appEn: Catalogue<typeof appFr> = {
  app: {
    title: 'Partner dashboard',
    subtitle: 'Rental guarantee',
    sandbox: 'Sandbox',
    sandboxDate: 'Sandbox · {{date}}',
    sandboxClock:
      'Sandbox date: {{date}}. The dates shown follow its clock; the audit trail, the files’ history and sign-ins keep the real time.',
    skip: 'Skip to content',
  },
  page: {
    claim: 'Claim',
    project: 'Project',
  },
  nav: {
    signingOut: 'Signing out…',
    menu: 'Menu',
    inbox: 'To do',
    pending: '{{count}} to handle',
    projects: 'Projects',
    claims: 'Claims',
    round: 'Round',
    stats: 'Statistics',
    events: 'Events',
    audit: 'Audit',
    signOut: 'Sign out',
    settings: 'Settings',
    language: 'Language',
    languageComing: 'Switching to English…',
    account: 'Account',
    accountHint: 'my account',
    team: 'Team',
    organization: 'Organization',
    search: 'Find a file (Ctrl+K)',
  },
  roles: {
    manager: 'Manager',
    staff: 'Staff',
    intermediary: 'Intermediary',
  },
  exports: {
    csv: 'Export (CSV)',
    statementPdf: 'Statement (PDF)',
    statementCsv: 'Statement (CSV)',
  },
  mui: {
    clear: 'Clear',
    close: 'Close',
    loading: 'Loading…',
    noOptions: 'No options',
    open: 'Open',
    rowsPerPage: 'Rows per page:',
    displayedRows: '{{from}}–{{to}} of {{total}}',
    displayedRowsMore: '{{from}}–{{to}} of more than {{to}}',
    first: 'Go to first page',
    last: 'Go to last page',
    next: 'Go to next page',
    previous: 'Go to previous page',
  },
};
