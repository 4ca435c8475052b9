import { z } from 'zod';
import {
  AddressSchema,
  EmailSchema,
  GuidSchema,
  IsoDateSchema,
  MoneySchema,
  NameSchema,
  NonNegativeMoneySchema,
  PageQuerySchema,
  PhoneSchema,
  PlausibleDateSchema,
  PositiveMoneySchema,
  TimestampSchema,
  checkDateWindow,
  metadataOf,
  type DateBound,
  paginated,
  repeatableInt,
  text,
  SirenSchema,
} from './common.js';
import { addDays, addMonths, monthOf } from './dates.js';
import {
  CLAIM_FIRST_MONTH_MAX_AGE_MONTHS,
  CLAIM_HISTORY_MAX_MONTHS,
  PAYMENT_DATE_MAX_AHEAD_DAYS,
  RENT_CONFIRM_FACTOR,
  TEXT_MAX,
} from './limits.js';
import { ClaimStatusSchema, CompanyTypeSchema, GenderSchema, ReceiptStatusSchema, RentalDebtStatusSchema } from './enums.js';
import { ruleParams } from './errors.js';
import { PATTERNS, rule, ruleError, whenParsed } from './rules.js';

type Ctx = z.RefinementCtx;

/** Rule E0201: a rent due date cannot be in the future (uses the caller's "today"). */
function dueDateNotInFuture(today: string | null) {
  return (b: { rentDueDate: string }, ctx: Ctx): void => {
    if (today !== null && b.rentDueDate > today) {
      ctx.addIssue({ code: 'custom', path: ['rentDueDate'], ...rule('notInFuture', {}, ruleParams('E0201')) });
    }
  };
}

/** The window of a claim's dates around "today" (limits.ts): due months, payments, amounts received. */
export function claimDateWindow(
  today: string,
): Record<'firstMonth' | 'history' | 'payment' | 'received', { min?: DateBound; max?: DateBound }> {
  const years = CLAIM_HISTORY_MAX_MONTHS / 12;
  const days = PAYMENT_DATE_MAX_AHEAD_DAYS;
  const oldest = addMonths(today, -CLAIM_HISTORY_MAX_MONTHS);
  return {
    /** A claim's first unpaid month: at most 36 months back (older arrears are time-barred). */
    firstMonth: {
      min: {
        key: 'claimStartTooOld',
        params: { date: addMonths(today, -CLAIM_FIRST_MONTH_MAX_AGE_MONTHS), months: CLAIM_FIRST_MONTH_MAX_AGE_MONTHS },
      },
    },
    /** Any later month, payment or received date: within 10 years back; payments up to 31 days ahead. */
    history: { min: { key: 'historyTooOld', params: { date: oldest, years } } },
    payment: {
      min: { key: 'paymentTooOld', params: { date: oldest, years, days } },
      max: { key: 'paymentTooLate', params: { date: addDays(today, days), years, days } },
    },
    /** What the tenant paid of a month: money already received, so not after today. */
    received: {
      min: { key: 'historyTooOld', params: { date: oldest, years } },
      max: { key: 'receivedInFuture', params: { date: today } },
    },
  };
}

/** The part received: at most the rent, with its date exactly when something was received. */
function receivedRules(
  b: { rentAmount: number; rentAmountReceived: number; rentAmountReceivedDate?: string | null | undefined },
  ctx: Ctx,
): void {
  if (b.rentAmountReceived > b.rentAmount) {
    ctx.addIssue({ code: 'custom', path: ['rentAmountReceived'], ...rule('exceedsRent') });
  }
  if (b.rentAmountReceived > 0 && !b.rentAmountReceivedDate) {
    ctx.addIssue({ code: 'custom', path: ['rentAmountReceivedDate'], ...rule('requiredWhenReceived') });
  }
  if (b.rentAmountReceived === 0 && b.rentAmountReceivedDate) {
    ctx.addIssue({ code: 'custom', path: ['rentAmountReceivedDate'], ...rule('emptyWhenNothingReceived') });
  }
}

export const LegalInfoSchema = z.object({
  gender: GenderSchema.optional(),
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  companyName: text(TEXT_MAX.companyName).optional(),
  companyType: CompanyTypeSchema.optional(),
  // spec: a string; an amount of capital cannot be negative
  shareCapital: text(TEXT_MAX.shortCode).regex(PATTERNS.shareCapital, { error: ruleError }).optional(),
  address: AddressSchema.optional(),
  rCSCity: text(TEXT_MAX.city).optional(),
  rCSNumber: text(TEXT_MAX.shortCode).optional(),
  siren: SirenSchema.optional(),
});
export type LegalInfo = z.infer<typeof LegalInfoSchema>;

export const ClaimCreateShape = z.object({
  rentAmount: PositiveMoneySchema,
  rentAmountReceived: NonNegativeMoneySchema,
  rentAmountReceivedDate: PlausibleDateSchema.nullable().optional(),
  rentDueDate: PlausibleDateSchema,
  legalInfo: LegalInfoSchema,
  mainOwnerEmail: EmailSchema,
  ownerEmailsBcc: z.array(EmailSchema).max(10, { error: ruleError }).default([]),
  metadata: metadataOf(['externalReference', 'source']).optional(),
});
/** The fields the rule on the part received reads: it runs once they parsed, whatever else failed. */
const RECEIVED = whenParsed('rentAmount', 'rentAmountReceived', 'rentAmountReceivedDate');
const DUE = whenParsed('rentDueDate');
const RECEIVED_DATE = whenParsed('rentAmountReceivedDate');

export const ClaimCreateBodySchema = ClaimCreateShape.superRefine(receivedRules, RECEIVED);

/**
 * A claim's first unpaid month cannot be before the month its lease starts: no rent was due
 * before (sandbox contract decision: 400 INVALID_REQUEST, detail on `rentDueDate`). Months are
 * compared, as the partner names a rent by its month: a lease starting on the 15th owes that month.
 */
/** A claim is opened from the day its lease starts: before, nothing is owed yet (`today` the partner's). */
export function leaseNotStarted(startLease: string | null | undefined, today: string): boolean {
  return Boolean(startLease) && (startLease ?? '') > today;
}

export function firstMonthBeforeLease(rentDueDate: string, startLease: string | null | undefined): boolean {
  return Boolean(startLease) && monthOf(rentDueDate) < monthOf(startLease ?? '');
}

/**
 * A tenant payment applies to a month of the lease: one applied before the month its lease starts
 * pays no rent (none was due), so it is refused (rule `beforeLeaseStart` on `applyDate`), as a
 * claim's first month is. Months are compared: a lease starting on the 15th owes that month.
 */
export const paymentBeforeLease = (applyDate: string, startLease: string | null | undefined): boolean =>
  firstMonthBeforeLease(applyDate, startLease);

/** Whether a month's rent is more than RENT_CONFIRM_FACTOR times the lease's (unknown lease rent: never). */
export const rentNeedsConfirmation = (rent: number, leaseRent: number | null | undefined): boolean =>
  typeof leaseRent === 'number' && leaseRent > 0 && rent > RENT_CONFIRM_FACTOR * leaseRent;

/** Every rule of a claim's creation with "today", and the lease start of its project when known. */
export const makeClaimCreateBodySchema = (today: string, startLease?: string | null) =>
  ClaimCreateShape.superRefine(receivedRules, RECEIVED)
    .superRefine((b, ctx) => {
      dueDateNotInFuture(today)(b, ctx);
      checkDateWindow(ctx, ['rentDueDate'], b.rentDueDate, claimDateWindow(today).firstMonth);
      if (startLease && leaseNotStarted(startLease, today))
        ctx.addIssue({ code: 'custom', path: ['rentDueDate'], ...rule('leaseNotStarted', { date: startLease }) });
      else if (startLease && firstMonthBeforeLease(b.rentDueDate, startLease))
        ctx.addIssue({ code: 'custom', path: ['rentDueDate'], ...rule('beforeLeaseStart', { date: startLease }) });
    }, DUE)
    .superRefine(
      (b, ctx) => checkDateWindow(ctx, ['rentAmountReceivedDate'], b.rentAmountReceivedDate, claimDateWindow(today).received),
      RECEIVED_DATE,
    );
export type ClaimCreateBody = z.infer<typeof ClaimCreateBodySchema>;
export type ClaimCreateInput = z.input<typeof ClaimCreateBodySchema>;

export const RentalDebtCreateShape = z.object({
  rentAmount: PositiveMoneySchema,
  rentAmountReceived: NonNegativeMoneySchema.default(0),
  rentAmountReceivedDate: PlausibleDateSchema.nullable().optional(),
  rentDueDate: PlausibleDateSchema,
});
export const RentalDebtCreateBodySchema = RentalDebtCreateShape.superRefine(receivedRules, RECEIVED);
export const makeRentalDebtCreateBodySchema = (today: string) =>
  RentalDebtCreateShape.superRefine(receivedRules, RECEIVED)
    .superRefine((b, ctx) => {
      dueDateNotInFuture(today)(b, ctx);
      checkDateWindow(ctx, ['rentDueDate'], b.rentDueDate, claimDateWindow(today).history);
    }, DUE)
    .superRefine(
      (b, ctx) => checkDateWindow(ctx, ['rentAmountReceivedDate'], b.rentAmountReceivedDate, claimDateWindow(today).received),
      RECEIVED_DATE,
    );
export type RentalDebtCreateBody = z.infer<typeof RentalDebtCreateBodySchema>;

export const RentalDebtUpdateShape = z.object({ rentDueDate: PlausibleDateSchema, rentAmount: PositiveMoneySchema });
export const RentalDebtUpdateBodySchema = RentalDebtUpdateShape;
export const makeRentalDebtUpdateBodySchema = (today: string) =>
  RentalDebtUpdateShape.superRefine((b, ctx) => {
    dueDateNotInFuture(today)(b, ctx);
    checkDateWindow(ctx, ['rentDueDate'], b.rentDueDate, claimDateWindow(today).history);
  }, DUE);
export type RentalDebtUpdateBody = z.infer<typeof RentalDebtUpdateBodySchema>;

/** Tenant payment (spec 2.4): amount greater than 0 (E0212). */
export const PaymentBodySchema = z.object({
  amount: MoneySchema.refine((n) => n > 0, rule('positive', {}, ruleParams('E0212'))),
  applyDate: PlausibleDateSchema,
});
export type PaymentBody = z.infer<typeof PaymentBodySchema>;
/**
 * With "today": the apply date within 10 years back and 31 days ahead; with the lease start of the
 * claim's project when known, not before the month the lease starts.
 */
export const makePaymentBodySchema = (today: string, startLease?: string | null) =>
  PaymentBodySchema.superRefine((b, ctx) => {
    checkDateWindow(ctx, ['applyDate'], b.applyDate, claimDateWindow(today).payment);
    if (startLease && paymentBeforeLease(b.applyDate, startLease))
      ctx.addIssue({ code: 'custom', path: ['applyDate'], ...rule('beforeLeaseStart', { date: startLease }) });
  }, whenParsed('applyDate'));

/** A claim document's comment (spec 2.5 "optional free text"): at most 1,000 characters, refused beyond. */
export const DocumentCommentSchema = text(TEXT_MAX.comment, { multiline: true });

export const CLAIM_REQUIRED_DOCUMENT_TYPES = [1, 2, 3] as const;

export const ClaimSchema = z.object({
  id: GuidSchema,
  projectId: GuidSchema,
  status: ClaimStatusSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** First unpaid month: the start of the claim's timeline. */
  rentDueDate: IsoDateSchema,
  rentAmount: z.number(),
  rentAmountReceived: z.number(),
  rentAmountReceivedDate: IsoDateSchema.nullable(),
  legalInfo: LegalInfoSchema,
  mainOwnerEmail: z.string(),
  ownerEmailsBcc: z.array(z.string()),
  metadata: z.record(z.string(), z.string()),
  tenant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  property: AddressSchema.nullable(),
  /** Outstanding amount over every declared month, euros. */
  amountOutstanding: z.number(),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimListQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ClaimStatusSchema),
  projectId: GuidSchema.optional(),
});
export type ClaimListQuery = z.input<typeof ClaimListQuerySchema>;
export const ClaimListSchema = paginated(ClaimSchema);
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** A month of the claim timeline; undeclared months have id null and status Virtual (10). */
export const RentalDebtSchema = z.object({
  id: GuidSchema.nullable(),
  claimId: GuidSchema,
  status: RentalDebtStatusSchema,
  rentDueDate: IsoDateSchema,
  rentAmount: z.number().nullable(),
  rentAmountReceived: z.number(),
  rentAmountReceivedDate: IsoDateSchema.nullable(),
  /** Tenant payments allocated to this month. */
  tenantPaidAmount: z.number(),
  /** Paid by the guarantor (subrogation). */
  guarantorPaidAmount: z.number(),
  amountDue: z.number(),
  receiptStatus: ReceiptStatusSchema.nullable(),
  receiptSignedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema.nullable(),
});
export type RentalDebt = z.infer<typeof RentalDebtSchema>;

export const PaymentAllocationSchema = z.object({ rentDueDate: IsoDateSchema, amount: z.number() });
export const TenantPaymentSchema = z.object({
  id: GuidSchema,
  claimId: GuidSchema,
  amount: z.number(),
  applyDate: IsoDateSchema,
  createdAt: TimestampSchema,
  /** How the amount was spread over the declared months. */
  allocations: z.array(PaymentAllocationSchema),
});
export type TenantPayment = z.infer<typeof TenantPaymentSchema>;

export const ClaimParamsSchema = z.object({ claimId: GuidSchema });
export const ClaimProjectParamsSchema = z.object({ projectId: GuidSchema });
export const RentalDebtParamsSchema = z.object({ claimId: GuidSchema, rentalDebtId: GuidSchema });
export const PaymentParamsSchema = z.object({ claimId: GuidSchema, paymentId: GuidSchema });
