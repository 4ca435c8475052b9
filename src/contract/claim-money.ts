import type { Lang } from './enums.js';
import { labelled } from './wording.js';

/**
 * The names of what a tenant paid on a claim, and what each counts: one source for the claim's
 * page, its debt statement (PDF and CSV) and the claims' figures, so one name never stands for two
 * amounts. What the tenant paid reaches a month two ways, and the two are told apart everywhere.
 */
export const TENANT_MONEY = ['receivedAtDeclaration', 'paymentsAfterDeclaration', 'paidByTenant'] as const;
export type TenantMoney = (typeof TENANT_MONEY)[number];

export const TENANT_MONEY_LABELS = {
  receivedAtDeclaration: { fr: 'Reçu à la déclaration', en: 'Received at declaration' },
  paymentsAfterDeclaration: { fr: 'Paiements après déclaration', en: 'Payments after declaration' },
  paidByTenant: { fr: 'Payé par le locataire', en: 'Paid by the tenant' },
} as const satisfies Record<TenantMoney, Readonly<Record<Lang, string>>>;

export const TENANT_MONEY_MEANINGS = {
  receivedAtDeclaration: {
    fr: 'ce que le locataire avait déjà payé du mois quand il a été déclaré',
    en: 'what the tenant had already paid of the month when it was declared',
  },
  paymentsAfterDeclaration: {
    fr: 'les paiements du locataire enregistrés après la déclaration, imputés au mois',
    en: 'the tenant’s payments recorded after the declaration, allocated to the month',
  },
  paidByTenant: {
    fr: 'reçu à la déclaration + paiements après déclaration',
    en: 'received at declaration + payments after declaration',
  },
} as const satisfies Record<TenantMoney, Readonly<Record<Lang, string>>>;

/** "Reçu à la déclaration : ce que le locataire avait déjà payé…": a name and what it counts, as a legend says it. */
export const tenantMoneyLegend = (lang: Lang): string[] =>
  TENANT_MONEY.map((k) => `${labelled(TENANT_MONEY_LABELS[k][lang], lang)} ${TENANT_MONEY_MEANINGS[k][lang]}.`);
