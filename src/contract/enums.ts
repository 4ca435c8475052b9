import { z } from 'zod';
import { ruleError } from './rules.js';

/** One value of an enum of the spec: its code, its name, and a label per language. */
export interface EnumEntry<C extends number = number> {
  readonly code: C;
  readonly name: string;
  readonly fr: string;
  readonly en: string;
}

export type Lang = 'fr' | 'en';

function codesOf<const T extends readonly EnumEntry[]>(entries: T): [T[number]['code'], ...T[number]['code'][]] {
  return entries.map((e) => e.code) as [T[number]['code'], ...T[number]['code'][]];
}

/** A zod schema accepting exactly the codes of an enum, with a message listing them. */
export function enumSchema<const T extends readonly EnumEntry[]>(entries: T) {
  return z.literal(codesOf(entries), { error: ruleError });
}

/** What a user reads for an entry labelled per language (an enum value, a document type, an error code): the one way to read a label. */
export const labelIn = (entry: Readonly<Record<Lang, string>>, lang: Lang): string => entry[lang];

export function labelOf(entries: readonly EnumEntry[], code: number, lang: Lang): string {
  const e = entries.find((x) => x.code === code);
  return e ? labelIn(e, lang) : String(code);
}

export const CLAIM_STATUSES = [
  { code: 0, name: 'None', fr: 'Aucun statut', en: 'No status' },
  { code: 5, name: 'SimpleReminder', fr: 'Relance amiable', en: 'Friendly reminder' },
  { code: 10, name: 'AwaitingDocuments', fr: 'En attente de documents', en: 'Awaiting documents' },
  { code: 20, name: 'ClaimToBeValidated', fr: 'En cours de validation', en: 'Pending validation' },
  { code: 30, name: 'Validated', fr: 'Validé', en: 'Validated' },
  { code: 40, name: 'PaymentOrderToBeSent', fr: 'Injonction de payer à envoyer', en: 'Payment order to be sent' },
  { code: 50, name: 'PaymentOrderRequestSent', fr: 'Requête en injonction envoyée', en: 'Payment order request sent' },
  { code: 60, name: 'PaymentOrderIssued', fr: 'Injonction de payer délivrée', en: 'Payment order issued' },
  { code: 70, name: 'RequestToBeSentLawyer', fr: "Dossier à transmettre à l'avocat", en: 'File to be sent to the lawyer' },
  { code: 80, name: 'RequestSentLawyer', fr: "Dossier transmis à l'avocat", en: 'File sent to the lawyer' },
  { code: 90, name: 'Hearing', fr: 'Audience', en: 'Court hearing' },
  { code: 100, name: 'Deliberation', fr: 'En délibéré', en: 'Awaiting court decision' },
  { code: 110, name: 'JudgmentIssued', fr: 'Jugement rendu', en: 'Judgment issued' },
  { code: 120, name: 'EvictionOrder', fr: 'Commandement de quitter les lieux', en: 'Order to vacate' },
  { code: 130, name: 'Eviction', fr: 'Expulsion en cours', en: 'Eviction in progress' },
  { code: 131, name: 'Evicted', fr: 'Locataire expulsé, paiements en cours', en: 'Tenant evicted, payments ongoing' },
  { code: 132, name: 'Amicable', fr: 'Procédure amiable', en: 'Amicable procedure' },
  { code: 133, name: 'Ficoba', fr: 'Recouvrement en cours (FICOBA)', en: 'Recovery proceedings ongoing (FICOBA)' },
  { code: 140, name: 'Closed', fr: 'Clôturé', en: 'Closed' },
  { code: 150, name: 'Cancelled', fr: 'Annulé', en: 'Cancelled' },
  { code: 160, name: 'Denied', fr: 'Refusé', en: 'Denied' },
] as const satisfies readonly EnumEntry[];
export const ClaimStatusSchema = enumSchema(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;
export const ClaimStatus = {
  None: 0,
  SimpleReminder: 5,
  AwaitingDocuments: 10,
  ClaimToBeValidated: 20,
  Validated: 30,
  Closed: 140,
  Cancelled: 150,
  Denied: 160,
} as const satisfies Record<string, ClaimStatus>;
/** A claim in one of these statuses is no longer active (spec: one active claim per project). */
export const CLAIM_TERMINAL_STATUSES: readonly ClaimStatus[] = [140, 150, 160];

export const RENTAL_DEBT_STATUSES = [
  { code: 0, name: 'None', fr: 'Inconnu', en: 'Unknown' },
  { code: 10, name: 'Virtual', fr: 'À déclarer', en: 'To declare' },
  {
    code: 11,
    name: 'PendingPreviousReceipt',
    fr: 'En attente de la signature de la quittance précédente',
    en: 'Awaiting signature of previous receipt',
  },
  { code: 12, name: 'PendingPreviousPayment', fr: 'En attente du paiement précédent', en: 'Awaiting previous payment' },
  { code: 13, name: 'PendingClaimStatus', fr: 'En attente de validation du sinistre', en: 'Awaiting claim validation' },
  {
    code: 14,
    name: 'PendingPreviousBlocked',
    fr: "En attente de résolution d'un mois bloqué",
    en: 'Awaiting resolution of a blocked month',
  },
  { code: 20, name: 'PendingPayment', fr: 'En attente de paiement', en: 'Awaiting payment' },
  { code: 30, name: 'Blocked', fr: 'Bloqué', en: 'Blocked' },
  { code: 31, name: 'BlockedLateDeclaration', fr: 'Bloqué : déclaration tardive', en: 'Blocked: late declaration' },
  { code: 40, name: 'Paid', fr: 'Payé', en: 'Paid' },
  { code: 41, name: 'PartiallyPaid', fr: 'Partiellement payé', en: 'Partially paid' },
  { code: 42, name: 'OverPaid', fr: 'Trop-perçu', en: 'Overpaid' },
  { code: 50, name: 'NoActionRequired', fr: 'Aucune action requise', en: 'No action required' },
  { code: 60, name: 'VirtualPostLimitDate', fr: 'À déclarer (hors délai)', en: 'To declare (past deadline)' },
] as const satisfies readonly EnumEntry[];
export const RentalDebtStatusSchema = enumSchema(RENTAL_DEBT_STATUSES);
export type RentalDebtStatus = z.infer<typeof RentalDebtStatusSchema>;
export const RentalDebtStatus = {
  None: 0,
  Virtual: 10,
  PendingPreviousReceipt: 11,
  PendingPreviousPayment: 12,
  PendingClaimStatus: 13,
  PendingPreviousBlocked: 14,
  PendingPayment: 20,
  Blocked: 30,
  BlockedLateDeclaration: 31,
  Paid: 40,
  PartiallyPaid: 41,
  OverPaid: 42,
  NoActionRequired: 50,
  VirtualPostLimitDate: 60,
} as const satisfies Record<string, RentalDebtStatus>;

export const RECEIPT_STATUSES = [
  { code: 1, name: 'PendingSignature', fr: 'En attente de signature', en: 'Pending signature' },
  { code: 2, name: 'Signed', fr: 'Signée', en: 'Signed' },
] as const satisfies readonly EnumEntry[];
export const ReceiptStatusSchema = enumSchema(RECEIPT_STATUSES);
export type ReceiptStatus = z.infer<typeof ReceiptStatusSchema>;
export const ReceiptStatus = { PendingSignature: 1, Signed: 2 } as const satisfies Record<string, ReceiptStatus>;

export const PROJECT_STATUSES = [
  { code: 0, name: 'DocumentsPending', fr: 'Documents en attente', en: 'Documents pending' },
  { code: 1, name: 'DocumentsInValidation', fr: 'Documents en validation', en: 'Documents in validation' },
  { code: 2, name: 'AwaitingRentalInformation', fr: 'En attente des informations de location', en: 'Awaiting rental information' },
  { code: 3, name: 'RentalInValidation', fr: 'Location en validation', en: 'Rental in validation' },
  { code: 4, name: 'AwaitingPayment', fr: 'Validé, en attente de paiement', en: 'Validated, awaiting payment' },
  { code: 5, name: 'AwaitingTenantSignature', fr: 'Payé, en attente de signature du locataire', en: 'Paid, awaiting tenant signature' },
  { code: 6, name: 'AwaitingOwnerSignature', fr: 'En attente de signature du propriétaire', en: 'Awaiting owner signature' },
  { code: 7, name: 'Active', fr: 'Actif, contrat en cours', en: 'Active, contract in progress' },
  { code: 9, name: 'Suspended', fr: 'Suspendu', en: 'Suspended' },
  { code: 12, name: 'Ending', fr: 'Fin de contrat programmée', en: 'Contract ending at a set date' },
  { code: 13, name: 'Ended', fr: 'Contrat terminé', en: 'Contract ended' },
  { code: 14, name: 'NotEligible', fr: 'Non éligible', en: 'Not eligible' },
] as const satisfies readonly EnumEntry[];
export const ProjectStatusSchema = enumSchema(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;
export const ProjectStatus = {
  DocumentsPending: 0,
  DocumentsInValidation: 1,
  AwaitingRentalInformation: 2,
  RentalInValidation: 3,
  AwaitingPayment: 4,
  AwaitingTenantSignature: 5,
  AwaitingOwnerSignature: 6,
  Active: 7,
  Suspended: 9,
  Ending: 12,
  Ended: 13,
  NotEligible: 14,
} as const satisfies Record<string, ProjectStatus>;

export const TENANT_STATUSES = [
  { code: 0, name: 'PublicTenured', fr: 'Fonctionnaire titulaire', en: 'Public-sector tenured' },
  { code: 1, name: 'PublicCdi', fr: 'CDI de la fonction publique', en: 'Public-sector permanent contract' },
  { code: 2, name: 'PublicCdd', fr: 'CDD de la fonction publique', en: 'Public-sector fixed-term contract' },
  { code: 3, name: 'Military', fr: 'Militaire', en: 'Military' },
  { code: 4, name: 'PrivateCdi', fr: 'CDI du privé', en: 'Private permanent contract' },
  { code: 5, name: 'PrivateCdd', fr: 'CDD du privé', en: 'Private fixed-term contract' },
  { code: 6, name: 'Interim', fr: 'Intérimaire', en: 'Temporary agency worker' },
  { code: 7, name: 'Intermittent', fr: 'Intermittent du spectacle', en: 'Intermittent worker' },
  { code: 8, name: 'Craftsman', fr: 'Artisan ou commerçant', en: 'Craftsman or shopkeeper' },
  { code: 9, name: 'MicroEntrepreneur', fr: 'Auto-entrepreneur', en: 'Self-employed (micro-entrepreneur)' },
  { code: 10, name: 'LiberalProfession', fr: 'Profession libérale', en: 'Liberal profession' },
  { code: 11, name: 'CompanyDirector', fr: "Chef d'entreprise", en: 'Company director' },
  { code: 12, name: 'Student', fr: 'Étudiant', en: 'Student' },
  { code: 14, name: 'Retired', fr: 'Retraité', en: 'Retired' },
  { code: 15, name: 'JobSeeking', fr: "En recherche d'emploi", en: 'Job seeking' },
] as const satisfies readonly EnumEntry[];
export const TenantStatusSchema = enumSchema(TENANT_STATUSES);
export type TenantStatus = z.infer<typeof TenantStatusSchema>;
export const TenantStatus = { Student: 12, Retired: 14 } as const satisfies Record<string, TenantStatus>;
/** Statuses for which contractPrecarious is required (CDD and interim). */
export const PRECARIOUS_STATUSES: readonly TenantStatus[] = [2, 5, 6];

export const CONTRACT_PRECARIOUS = [
  { code: 0, name: 'MoreThanSixMonths', fr: 'Plus de 6 mois', en: 'More than 6 months' },
  { code: 1, name: 'LessThanSixMonths', fr: 'Moins de 6 mois', en: 'Less than 6 months' },
  { code: 2, name: 'TrialPeriod', fr: "Période d'essai", en: 'Trial period' },
] as const satisfies readonly EnumEntry[];
export const ContractPrecariousSchema = enumSchema(CONTRACT_PRECARIOUS);

export const GENDERS = [
  { code: 1, name: 'Male', fr: 'Monsieur', en: 'Mr' },
  { code: 2, name: 'Female', fr: 'Madame', en: 'Ms' },
] as const satisfies readonly EnumEntry[];
export const GenderSchema = enumSchema(GENDERS);

export const OWNER_TYPES = [
  { code: 0, name: 'Individual', fr: 'Propriétaire particulier', en: 'Individual owner' },
  { code: 1, name: 'Agency', fr: 'Agence', en: 'Agency' },
] as const satisfies readonly EnumEntry[];
export const OwnerTypeSchema = enumSchema(OWNER_TYPES);

export const RENT_ALONE = [
  { code: 0, name: 'Alone', fr: 'Seul', en: 'Alone' },
  { code: 1, name: 'Flatsharing', fr: 'Colocation', en: 'Flat-sharing' },
  { code: 2, name: 'Couple', fr: 'En couple', en: 'Couple' },
] as const satisfies readonly EnumEntry[];
export const RentAloneSchema = enumSchema(RENT_ALONE);

export const BAIL_TYPES = [
  { code: 0, name: 'Classic3Years', fr: 'Bail classique de 3 ans', en: 'Classic three-year lease' },
  { code: 1, name: 'OneYear', fr: "Bail meublé ou non meublé d'un an", en: 'Furnished or unfurnished one-year lease' },
  { code: 2, name: 'Student', fr: 'Bail étudiant', en: 'Student lease' },
  { code: 3, name: 'Standard6Years', fr: 'Bail de 6 ans', en: 'Standard six-year lease' },
  { code: 4, name: 'Mobility', fr: 'Bail mobilité (1 à 10 mois)', en: 'Mobility lease (1 to 10 months)' },
  { code: 5, name: 'TwoYears', fr: 'Bail de 2 ans', en: 'Two-year lease' },
] as const satisfies readonly EnumEntry[];
export const BailTypeSchema = enumSchema(BAIL_TYPES);
export const BAIL_TYPE_MOBILITY = 4;

/** Legal forms accepted for legalInfo.companyType (spec: "not shown"; sandbox decision). */
export const COMPANY_TYPES = ['SAS', 'SASU', 'SARL', 'EURL', 'SA', 'SCI', 'SNC', 'EI', 'OTHER'] as const;
export const CompanyTypeSchema = z.enum(COMPANY_TYPES, { error: ruleError });
export type CompanyType = (typeof COMPANY_TYPES)[number];
/** What a user reads for each legal form: the French acronyms are names in both languages; OTHER is said. */
export const COMPANY_TYPE_LABELS = {
  SAS: { fr: 'SAS', en: 'SAS' },
  SASU: { fr: 'SASU', en: 'SASU' },
  SARL: { fr: 'SARL', en: 'SARL' },
  EURL: { fr: 'EURL', en: 'EURL' },
  SA: { fr: 'SA', en: 'SA' },
  SCI: { fr: 'SCI', en: 'SCI' },
  SNC: { fr: 'SNC', en: 'SNC' },
  EI: { fr: 'EI (entreprise individuelle)', en: 'EI (sole trader)' },
  OTHER: { fr: 'Autre forme juridique', en: 'Other legal form' },
} as const satisfies Record<CompanyType, Record<Lang, string>>;

/** Claim document types (spec: "not shown"; sandbox decision, documented in the API docs). */
export const CLAIM_DOCUMENT_TYPES = [
  { code: 1, name: 'Lease', fr: 'Bail signé', en: 'Signed lease' },
  { code: 2, name: 'TenantAccountStatement', fr: 'Relevé de compte locataire', en: 'Tenant account statement' },
  { code: 3, name: 'FormalNotice', fr: 'Mise en demeure', en: 'Formal notice' },
  { code: 4, name: 'RentReminder', fr: 'Lettre de relance', en: 'Rent reminder letter' },
  { code: 5, name: 'Other', fr: 'Autre document', en: 'Other document' },
] as const satisfies readonly EnumEntry[];

/** Project document types (spec: "for instance 1 identity document, 2 tax notice"). */
export const PROJECT_DOCUMENT_TYPES = [
  { code: 1, name: 'Identity', fr: "Pièce d'identité", en: 'Identity document' },
  { code: 2, name: 'TaxNotice', fr: "Avis d'imposition", en: 'Tax notice' },
  { code: 3, name: 'Payslips', fr: '3 derniers bulletins de salaire', en: 'Last 3 payslips' },
  { code: 4, name: 'EmploymentContract', fr: 'Contrat de travail', en: 'Employment contract' },
  { code: 5, name: 'ProofOfAddress', fr: 'Justificatif de domicile', en: 'Proof of address' },
  { code: 6, name: 'StudentCard', fr: "Carte d'étudiant ou certificat de scolarité", en: 'Student card or enrolment certificate' },
  { code: 7, name: 'ReferentIdentity', fr: "Pièce d'identité du garant", en: "Referent's identity document" },
  { code: 8, name: 'ReferentIncome', fr: 'Justificatifs de revenus du garant', en: "Referent's proof of income" },
  { code: 9, name: 'PensionStatement', fr: 'Attestation de pension de retraite', en: 'Pension statement' },
  { code: 10, name: 'BusinessStatement', fr: "Bilan ou attestation d'activité", en: 'Business statement or activity certificate' },
  { code: 11, name: 'Other', fr: 'Autre document', en: 'Other document' },
] as const satisfies readonly EnumEntry[];
