import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { eventsFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const eventsEn: Catalogue<typeof eventsFr> = {
  events: {
    title: 'Recent events',
    time: 'Time',
    type: 'Type',
    what: 'Description',
    open: 'Open',
    empty: 'No event received yet.',
    claim: 'The claim',
    project: 'The project',
    live: 'Live updates',
    reconnecting: 'Reconnecting to live updates…',
    forbidden: 'This page is for managers.',
    kinds: {
      claim: 'Claim',
      rental_debt: 'Rent month',
      receipt: 'Receipt',
      project: 'Project',
      security: 'Security',
      other: 'Other',
    },
    projectOf: 'Project of {{name}}',
    claimOf: 'Claim of {{name}}',
    detail: '{{what}}: {{detail}}',
    documentAdded: 'document uploaded',
    types: {
      claim_created: 'Claim opened',
      claim_updated: 'Claim status changed',
      rental_debt_created: 'Rent month declared',
      rental_debt_updated: 'Rent month updated',
      rental_debt_receipt_pending_signature: 'Subrogation receipt to sign',
      rental_debt_receipt_signed: 'Subrogation receipt signed',
      project_created: 'Project created',
      project_updated: 'Project updated',
    },
  },
};
