import type { Catalogue } from '../../../lib/i18n/catalogue.js';
import type { statsFr } from './fr.js';

/** In English: the keys of fr.ts, no more, no less (checked when compiling). */
export const statsEn: Catalogue<typeof statsFr> = {
  stats: {
    amountSeries: 'Amount',
    title: 'Organization statistics',
    forbidden: 'This page is for managers.',
    freshness: '{{organization}} · projects: all, since the first · figures computed on {{date}}',
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
    sum: {
      chart: 'Where the declared rents stand',
      title: 'Claims amounts',
      from: 'From month',
      to: 'To month',
      badPeriod: 'The last month must come after the first.',
      covers: 'Rent due from {{first}} to {{last}} · declared months: {{months}} · claims: {{claims}}',
      none: 'No month declared in this period.',
      note: 'Each declared month counts for the month its rent was due; months not declared yet do not count.',
      rent: 'Rents declared',
      guarantor: 'Paid by the guarantor',
      outstanding: 'Outstanding',
      overpaid: 'Overpaid (paid beyond the rent)',
    },
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
