import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { statsFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const statsEn: Catalogue<typeof statsFr> = {
  stats: {
    amountSeries: 'Amount',
    title: 'Organization statistics',
    forbidden: 'This page is for managers.',
    freshness: '{{organization}} · figures computed on {{date}}',
    figures: 'Key figures',
    projects: 'Projects',
    last30: 'Created in the last 30 days',
    averageScore: 'Average max. guaranteed rent',
    activeClaims: 'Active claims',
    claims: 'Claims',
    declared: 'Rent declared',
    guarantor: 'Paid by guarantor',
    outstanding: 'Outstanding',
    byStatus: 'Projects by status',
    funnelTitle: 'From created project to active contract',
    claimsByStatus: 'Claims by status',
    amounts: 'Claim amounts',
    funnel: {
      created: 'Created',
      applied: 'Applied',
      documentsValidated: 'Documents validated',
      rentalAdded: 'Rental added',
      paid: 'Paid',
      active: 'Active',
    },
  },
};
