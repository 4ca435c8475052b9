import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { auditFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const auditEn: Catalogue<typeof auditFr> = {
  audit: {
    title: 'Audit trail',
    intro: 'Every write made through the dashboard: who, when, what, and the result. The partner’s events stay on the Events page.',
    forbidden: 'This page is for managers.',
    empty: 'No entry for these filters.',
    filters: {
      person: 'Person',
      operation: 'Operation',
      tenant: 'Tenant',
      from: 'From',
      to: 'To',
      all: 'All',
      everyone: 'Everyone',
      clear: 'Clear filters',
    },
    columns: {
      when: 'Date',
      whenReal: 'Date (real time)',
      who: 'Person',
      what: 'Operation',
      on: 'Concerns',
      details: 'Details',
      result: 'Result',
    },
    project: 'Project',
    claim: 'Claim',
    projectOf: 'Project: {{name}}',
    claimOf: 'Claim: {{name}}',
    export: 'Export as CSV (filters shown)',
    total_one: '{{count}} entry',
    total_other: '{{count}} entries',
    verify: 'Check integrity',
    verifying: 'Checking…',
    intact: 'Trail intact: {{count}} entries checked from entry no. {{first}}.',
    intactEmpty: 'Trail intact: no entry.',
    retained: 'Entries before {{date}} were removed by the retention period.',
    broken: 'Trail altered: the chain breaks at entry no. {{seq}} ({{reason}}).',
    reasons: {
      hash: 'its content no longer matches its hash',
      link: 'it no longer follows the entry before it',
      anchor: 'it does not follow the last removal by retention',
    },
    history: 'History',
    historyEmpty: 'Nothing has been done here through the dashboard yet.',
    historyMore: 'The latest {{count}} actions are shown.',
    by: '{{what}} by {{name}} on {{date}} at {{time}}',
    byRefused: '{{what}} by {{name}} on {{date}} at {{time}} — refused ({{code}})',
  },
};
