import type { Catalogue } from '../../lib/i18n/catalogue.js';
import type { appFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const appEn: Catalogue<typeof appFr> = {
  app: {
    title: 'Partner dashboard',
    subtitle: 'Rental guarantee',
    sandbox: 'Sandbox',
    skip: 'Skip to content',
  },
  nav: {
    signingOut: 'Signing out…',
    menu: 'Menu',
    inbox: 'To do',
    pending: '{{count}} to handle',
    projects: 'Projects',
    claims: 'Claims',
    stats: 'Statistics',
    events: 'Events',
    audit: 'Audit',
    signOut: 'Sign out',
    settings: 'Settings',
    language: 'Language',
    account: 'Account',
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
};
