import { z } from 'zod';
import {
  AddressSchema,
  EmailSchema,
  FinanceMoneySchema,
  GuidSchema,
  IsoDateSchema,
  MetadataSchema,
  NameSchema,
  NonNegativeMoneySchema,
  PageQuerySchema,
  PhoneSchema,
  PlausibleDateSchema,
  PositiveMoneySchema,
  TimestampSchema,
  checkDateWindow,
  metadataOf,
  paginated,
  repeatableInt,
  text,
} from './common.js';
import { addMonthsKeepDay } from './dates.js';
import { rule, ruleError, whenParsed } from './rules.js';
import { ADULT_AGE_YEARS, LEASE_MAX_YEARS, LEASE_START_MAX_AHEAD_MONTHS, TEXT_MAX } from './limits.js';
import {
  BAIL_TYPE_MOBILITY,
  BailTypeSchema,
  ContractPrecariousSchema,
  GenderSchema,
  OwnerTypeSchema,
  PRECARIOUS_STATUSES,
  ProjectStatusSchema,
  RentAloneSchema,
  TenantStatus,
  TenantStatusSchema,
} from './enums.js';

/** Tenant finance (spec 2.6). Rules that link fields are in `financeRules`. */
export const FinanceSchema = z.object({
  status: TenantStatusSchema,
  contractPrecarious: ContractPrecariousSchema.optional(),
  monthlyIncome: FinanceMoneySchema.optional(),
  bonusesAmount: FinanceMoneySchema.optional(),
  savingsAmount: FinanceMoneySchema.optional(),
  socialSecurityAmount: FinanceMoneySchema.optional(),
  familyAllowanceAmount: FinanceMoneySchema.optional(),
  foodSupportAmount: FinanceMoneySchema.optional(),
  landIncome: FinanceMoneySchema.optional(),
  unemploymentBenefit: FinanceMoneySchema.optional(),
  maternityLeave: FinanceMoneySchema.optional(),
  retirementPensionAmount: FinanceMoneySchema.optional(),
});
export type Finance = z.infer<typeof FinanceSchema>;

type Ctx = z.RefinementCtx;

/** Spec 2.6 and create-project rules 2 and 4, applied to a finance object found at `path`. */
export function financeRules(f: Finance, ctx: Ctx, path: (string | number)[] = []): void {
  if (PRECARIOUS_STATUSES.includes(f.status) && f.contractPrecarious === undefined) {
    ctx.addIssue({ code: 'custom', path: [...path, 'contractPrecarious'], ...rule('requiredForPrecarious') });
  }
  if (f.status === TenantStatus.Retired && !(f.retirementPensionAmount !== undefined && f.retirementPensionAmount > 0)) {
    ctx.addIssue({ code: 'custom', path: [...path, 'retirementPensionAmount'], ...rule('requiredForRetired') });
  }
}

export const ProfileSchema = z.object({
  gender: GenderSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema,
  dateOfBirth: PlausibleDateSchema,
  phone: PhoneSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;
/** A profile as answered: any valid date (the bounds apply to what is sent). */
const ProfileAnswerSchema = ProfileSchema.extend({ dateOfBirth: IsoDateSchema });

const ProjectCreateShape = z.object({
  profile: ProfileSchema,
  finance: FinanceSchema,
  referent: ProfileSchema.optional(),
  referentFinance: FinanceSchema.optional(),
  metadata: metadataOf(['source', 'externalLeadId']).optional(),
});

/** A date of birth: an adult's (at least 18 years before "today"). */
export function adultBirthDate(ctx: Ctx, path: (string | number)[], dateOfBirth: string, today: string): void {
  checkDateWindow(ctx, path, dateOfBirth, {
    max: { key: 'tooYoung', params: { date: addMonthsKeepDay(today, -12 * ADULT_AGE_YEARS), years: ADULT_AGE_YEARS } },
  });
}

/** Create-project rules 1 to 4 (rule 5, eligibility, needs the scoring: it is the sandbox's). */
export function projectCreateRules(b: z.infer<typeof ProjectCreateShape>, ctx: Ctx): void {
  financeRules(b.finance, ctx, ['finance']);
  if (b.finance.status === TenantStatus.Student) {
    if (!b.referent) ctx.addIssue({ code: 'custom', path: ['referent'], ...rule('requiredForStudent') });
    if (!b.referentFinance) {
      ctx.addIssue({ code: 'custom', path: ['referentFinance'], ...rule('requiredForStudent') });
    } else {
      if (b.referentFinance.status === TenantStatus.Student || b.referentFinance.status === TenantStatus.Retired) {
        ctx.addIssue({ code: 'custom', path: ['referentFinance', 'status'], ...rule('referentStatus') });
      }
      financeRules(b.referentFinance, ctx, ['referentFinance']);
    }
  }
}

/** What the cross-field rules read: they run once these parsed, beside any other field's error. */
const PROJECT_RULES = whenParsed(
  'finance.status',
  'finance.contractPrecarious',
  'finance.retirementPensionAmount',
  'referent',
  'referentFinance',
);
const FINANCE_RULES = whenParsed('status', 'contractPrecarious', 'retirementPensionAmount');
const RENTAL_RULES = whenParsed(
  'ownerType',
  'ownerOrganizationName',
  'rentAlone',
  'personalRentAmount',
  'rentAmount',
  'bailType',
  'theoreticalEndLease',
  'startLease',
);

export const ProjectCreateBodySchema = ProjectCreateShape.superRefine(projectCreateRules, PROJECT_RULES);
export type ProjectCreateBody = z.infer<typeof ProjectCreateBodySchema>;
/** With "today": every rule, and the tenant and referent are adults. */
export const makeProjectCreateBodySchema = (today: string) =>
  ProjectCreateShape.superRefine(projectCreateRules, PROJECT_RULES)
    .superRefine(
      (b, ctx) => adultBirthDate(ctx, ['profile', 'dateOfBirth'], b.profile.dateOfBirth, today),
      whenParsed('profile.dateOfBirth'),
    )
    .superRefine((b, ctx) => {
      if (b.referent) adultBirthDate(ctx, ['referent', 'dateOfBirth'], b.referent.dateOfBirth, today);
    }, whenParsed('referent.dateOfBirth'));

/** Pre-score body (spec 2.9): a finance object with at least status and monthlyIncome. */
export const ScoreBodySchema = FinanceSchema.extend({ monthlyIncome: NonNegativeMoneySchema }).superRefine(
  (f, ctx) => financeRules(f, ctx),
  FINANCE_RULES,
);
export type ScoreBody = z.infer<typeof ScoreBodySchema>;
export const ScoreResponseSchema = z.object({ score: z.number(), eligible: z.boolean() });
export type ScoreResponse = z.infer<typeof ScoreResponseSchema>;
export const MIN_ELIGIBLE_SCORE = 250;

/** Rental information (spec 2.10). */
export const RentalInfoShape = z.object({
  owner: z.object({
    firstName: NameSchema,
    lastName: NameSchema,
    email: EmailSchema,
    phone: PhoneSchema,
  }),
  ownerType: OwnerTypeSchema,
  ownerOrganizationName: text(TEXT_MAX.companyName).optional(),
  ownerAddress: AddressSchema,
  addressInformation: AddressSchema,
  rentAmount: PositiveMoneySchema,
  personalRentAmount: NonNegativeMoneySchema.optional(),
  rentAlone: RentAloneSchema,
  securityDeposit: NonNegativeMoneySchema.optional(),
  startLease: PlausibleDateSchema,
  bailType: BailTypeSchema,
  theoreticalEndLease: PlausibleDateSchema.optional(),
});
export type RentalInfoBody = z.infer<typeof RentalInfoShape>;

/** Rental-information rules; those about dates need "today" (the sandbox clock in sandbox mode). */
export function rentalInfoRules(today: string | null) {
  return (b: RentalInfoBody, ctx: Ctx): void => {
    if (b.ownerType === 1 && !b.ownerOrganizationName) {
      ctx.addIssue({ code: 'custom', path: ['ownerOrganizationName'], ...rule('requiredForAgency') });
    }
    if (b.rentAlone !== 0) {
      if (b.personalRentAmount === undefined || b.personalRentAmount <= 0) {
        ctx.addIssue({ code: 'custom', path: ['personalRentAmount'], ...rule('requiredForSharedRent') });
      } else if (b.personalRentAmount > b.rentAmount) {
        ctx.addIssue({ code: 'custom', path: ['personalRentAmount'], ...rule('exceedsTotalRent') });
      }
    }
    if (b.bailType === BAIL_TYPE_MOBILITY) {
      if (!b.theoreticalEndLease) {
        ctx.addIssue({ code: 'custom', path: ['theoreticalEndLease'], ...rule('requiredForMobility') });
      } else if (b.theoreticalEndLease < addMonthsKeepDay(b.startLease, 1) || b.theoreticalEndLease > addMonthsKeepDay(b.startLease, 10)) {
        ctx.addIssue({ code: 'custom', path: ['theoreticalEndLease'], ...rule('mobilityLength', { min: 1, max: 10 }) });
      }
    } else if (b.theoreticalEndLease && b.theoreticalEndLease <= b.startLease) {
      ctx.addIssue({ code: 'custom', path: ['theoreticalEndLease'], ...rule('afterLeaseStart') });
    }
    if (b.theoreticalEndLease && b.bailType !== BAIL_TYPE_MOBILITY)
      checkDateWindow(ctx, ['theoreticalEndLease'], b.theoreticalEndLease, {
        max: { key: 'leaseTooLong', params: { date: addMonthsKeepDay(b.startLease, 12 * LEASE_MAX_YEARS), years: LEASE_MAX_YEARS } },
      });
    if (today !== null && b.startLease < today) {
      ctx.addIssue({ code: 'custom', path: ['startLease'], ...rule('notInPast') });
    }
    if (today !== null)
      checkDateWindow(ctx, ['startLease'], b.startLease, {
        max: {
          key: 'leaseStartTooLate',
          params: { date: addMonthsKeepDay(today, LEASE_START_MAX_AHEAD_MONTHS), months: LEASE_START_MAX_AHEAD_MONTHS },
        },
      });
  };
}
/** Structural schema (OpenAPI, types); `makeRentalInfoBodySchema(today)` adds every rule. */
export const RentalInfoBodySchema = RentalInfoShape.superRefine(rentalInfoRules(null), RENTAL_RULES);
export const makeRentalInfoBodySchema = (today: string) => RentalInfoShape.superRefine(rentalInfoRules(today), RENTAL_RULES);

/** The amount the guaranteed score must cover (spec 2.10 rule). */
export function coveredRent(b: Pick<RentalInfoBody, 'rentAlone' | 'rentAmount' | 'personalRentAmount'>): number {
  return b.rentAlone === 0 ? b.rentAmount : (b.personalRentAmount ?? b.rentAmount);
}

export const DocumentTypeFieldSchema = z.coerce.number({ error: ruleError }).int({ error: ruleError });

export const RequiredDocumentSchema = z.object({
  documentType: z.number().int(),
  name: z.string(),
  provided: z.boolean(),
  /** The manager refused this type's files and none replaced them yet (then `provided` is false). */
  refused: z.boolean().optional(),
});
export type RequiredDocument = z.infer<typeof RequiredDocumentSchema>;

export const DocumentSchema = z.object({
  id: GuidSchema,
  documentType: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  comment: z.string().nullable().optional(),
  createdAt: TimestampSchema,
  /** The manager refused this file (the project's `rejectionReason` says why). */
  refused: z.boolean().optional(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const RentalInfoSchema = RentalInfoShape.extend({
  ownerOrganizationName: z.string().optional(),
  startLease: IsoDateSchema,
  theoreticalEndLease: IsoDateSchema.optional(),
});

export const ProjectSchema = z.object({
  id: GuidSchema,
  userId: GuidSchema,
  status: ProjectStatusSchema,
  createDate: TimestampSchema,
  updatedAt: TimestampSchema,
  score: z.number(),
  publicUrl: z.string(),
  profile: ProfileAnswerSchema,
  finance: FinanceSchema,
  referent: ProfileAnswerSchema.nullable(),
  referentFinance: FinanceSchema.nullable(),
  metadata: MetadataSchema,
  rent: RentalInfoSchema.nullable(),
  /** Reason given by the manager when the documents were last rejected, or the project found not eligible. */
  rejectionReason: z.string().nullable(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const PROJECT_SORTS = ['createDate', '-createDate'] as const;
export const ProjectListQuerySchema = PageQuerySchema.extend({
  status: repeatableInt(ProjectStatusSchema),
  search: text(TEXT_MAX.search).optional(),
  sort: z.enum(PROJECT_SORTS).default('-createDate'),
});
export type ProjectListQuery = z.input<typeof ProjectListQuerySchema>;
export const ProjectListSchema = paginated(ProjectSchema);
export type ProjectList = z.infer<typeof ProjectListSchema>;

export const PROJECT_PAYMENT_STATES = ['not_due', 'pending', 'paid'] as const;
export const ProjectPaymentSchema = z.object({
  projectId: GuidSchema,
  state: z.enum(PROJECT_PAYMENT_STATES),
  /** Guarantee fee for the first year, euros. Null until the rental information is known. */
  amount: z.number().nullable(),
  currency: z.literal('EUR'),
  paidAt: TimestampSchema.nullable(),
});
export type ProjectPayment = z.infer<typeof ProjectPaymentSchema>;

export const ProjectIdParamsSchema = z.object({ id: GuidSchema });
export const ProjectIdAltParamsSchema = z.object({ projectId: GuidSchema });
export const ProjectDocumentParamsSchema = z.object({ id: GuidSchema, documentId: GuidSchema });
