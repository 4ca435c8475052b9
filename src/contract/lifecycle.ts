import { CLAIM_TERMINAL_STATUSES, ClaimStatus, ProjectStatus, RentalDebtStatus } from './enums.js';

/**
 * What each status allows: the rules of the claim and project lifecycles (spec 1 and 3.3), named
 * once here so the sandbox, the server (inbox) and the web read the same rule, never a number.
 */

// ---- claims ----

/** Not closed, cancelled or denied: the claim is still the project's active claim (one per project). */
export const isClaimOpen = (status: number): boolean => !(CLAIM_TERMINAL_STATUSES as readonly number[]).includes(status);

/** Documents are still being gathered and the claim can be applied (sent for validation). */
export const claimAwaitsDocuments = (status: number): boolean =>
  status === ClaimStatus.None || status === ClaimStatus.SimpleReminder || status === ClaimStatus.AwaitingDocuments;

/** The guarantor's staff validate the claim. */
export const claimAwaitsValidation = (status: number): boolean => status === ClaimStatus.ClaimToBeValidated;

/** A document may be added to an open claim (also after apply: a court decision, a new receipt...). */
export const claimAcceptsDocuments = isClaimOpen;

/** A month may be declared or corrected while the claim is open. */
export const canDeclareMonth = isClaimOpen;

/** A tenant payment may be recorded, changed or removed while the claim is open. */
export const canRecordPayment = isClaimOpen;

export type ClaimAwaits = 'documents' | 'validation' | 'declarations' | 'procedure' | 'none';

/** What a claim in each status waits for: its documents, its validation, monthly declarations, the procedure, nothing. */
export function claimAwaits(status: number): ClaimAwaits {
  if (!isClaimOpen(status)) return 'none';
  if (claimAwaitsDocuments(status)) return 'documents';
  if (claimAwaitsValidation(status)) return 'validation';
  if (status === ClaimStatus.Validated) return 'declarations';
  return 'procedure';
}

// ---- rental debts (months) ----

/**
 * The status of a month not declared yet (a virtual line of the timeline), within or past the
 * deadline. Whether it is to declare today also depends on its date: months.ts, isToDeclare.
 */
export const isMonthToDeclare = (status: number): boolean =>
  status === RentalDebtStatus.Virtual || status === RentalDebtStatus.VirtualPostLimitDate;

/** A month blocked by the guarantor (late declaration or otherwise). */
export const isMonthBlocked = (status: number): boolean =>
  status === RentalDebtStatus.Blocked || status === RentalDebtStatus.BlockedLateDeclaration;

/** The guarantor pays a month only when it is the one awaiting payment (or was partly paid). */
export const canGuarantorPay = (status: number): boolean =>
  status === RentalDebtStatus.PendingPayment || status === RentalDebtStatus.PartiallyPaid;

/** Paid (fully, partly or over) or needing nothing: the month is behind us. */
export const isMonthSettled = (status: number): boolean =>
  status === RentalDebtStatus.Paid ||
  status === RentalDebtStatus.PartiallyPaid ||
  status === RentalDebtStatus.OverPaid ||
  status === RentalDebtStatus.NoActionRequired;

// ---- projects ----

export type ProjectActor = 'agency' | 'manager' | 'tenant' | 'owner' | 'none';

/** Who must act for a project in each status (the lifecycle of spec 3.3). */
export const PROJECT_ACTOR = {
  [ProjectStatus.DocumentsPending]: 'agency',
  [ProjectStatus.DocumentsInValidation]: 'manager',
  [ProjectStatus.AwaitingRentalInformation]: 'agency',
  [ProjectStatus.RentalInValidation]: 'manager',
  [ProjectStatus.AwaitingPayment]: 'tenant',
  [ProjectStatus.AwaitingTenantSignature]: 'tenant',
  [ProjectStatus.AwaitingOwnerSignature]: 'owner',
  [ProjectStatus.Active]: 'none',
  [ProjectStatus.Suspended]: 'agency',
  [ProjectStatus.Ending]: 'none',
  [ProjectStatus.Ended]: 'none',
  [ProjectStatus.NotEligible]: 'none',
} as const satisfies Record<ProjectStatus, ProjectActor>;

export const projectActor = (status: ProjectStatus): ProjectActor => PROJECT_ACTOR[status];

/** The agency has something to do (documents, rental information, a suspended file). */
export const projectAwaitsAgency = (status: ProjectStatus): boolean => projectActor(status) === 'agency';

/** Documents are uploaded, replaced and sent for validation only while they are pending. */
export const projectTakesDocuments = (status: number): boolean => status === ProjectStatus.DocumentsPending;

/** The rental information (owner, property, lease) is given once the documents are validated. */
export const projectAwaitsRentalInformation = (status: number): boolean => status === ProjectStatus.AwaitingRentalInformation;

/** The contract is in progress: the only status in which a claim can be opened. */
export const projectIsActive = (status: number): boolean => status === ProjectStatus.Active;

/**
 * What an intermediary may read of the projects: an active contract (they may open a claim on it)
 * or a project with a claim, whatever its status now; no other. `status` is absent when only the
 * project's claim is known.
 */
export const inIntermediaryScope = (project: { status?: number; hasClaim: boolean }): boolean =>
  project.hasClaim || (project.status !== undefined && projectIsActive(project.status));

/** Every project but a non-eligible one has an eligibility certificate. */
export const projectHasCertificate = (status: number): boolean => status !== ProjectStatus.NotEligible;

/** The main path of a project, documents to active contract (a stepper's steps); other statuses are off it. */
export const PROJECT_LIFECYCLE = [
  ProjectStatus.DocumentsPending,
  ProjectStatus.DocumentsInValidation,
  ProjectStatus.AwaitingRentalInformation,
  ProjectStatus.RentalInValidation,
  ProjectStatus.AwaitingPayment,
  ProjectStatus.AwaitingTenantSignature,
  ProjectStatus.AwaitingOwnerSignature,
  ProjectStatus.Active,
] as const satisfies readonly ProjectStatus[];

/** The statuses in which a project waits on the tenant or the owner (a reminder can be sent). */
export type ReminderStatus = {
  [S in keyof typeof PROJECT_ACTOR]: (typeof PROJECT_ACTOR)[S] extends 'tenant' | 'owner' ? S : never;
}[keyof typeof PROJECT_ACTOR];

/** The project waits on the tenant (payment, their signature) or the owner (theirs). */
export const awaitsTenantOrOwner = (status: ProjectStatus): status is ReminderStatus => {
  const actor = projectActor(status);
  return actor === 'tenant' || actor === 'owner';
};

/** Who a reminder about a waiting project goes to: the tenant (payment, their signature), the owner (theirs), or nobody. */
export function reminderRecipient(status: ProjectStatus): 'tenant' | 'owner' | null {
  const actor = projectActor(status);
  return actor === 'tenant' || actor === 'owner' ? actor : null;
}
