import { z } from 'zod';
import { GuidSchema, TimestampSchema } from './common.js';
import { ClaimStatusSchema, ProjectStatusSchema } from './enums.js';
import { toCents, toEuros } from './money.js';

export const ClaimStatsMonthSchema = z.object({
  month: z.string().describe('yyyy-MM'),
  declared: z.boolean(),
  rentAmount: z.number(),
  tenantAmount: z.number(),
  guarantorAmount: z.number(),
  amountDue: z.number(),
});

export const ClaimStatsSchema = z.object({
  claimId: GuidSchema,
  generatedAt: TimestampSchema,
  monthsTotal: z.number().int(),
  monthsDeclared: z.number().int(),
  monthsToDeclare: z.number().int(),
  monthsPaid: z.number().int(),
  receiptsPendingSignature: z.number().int(),
  receiptsSigned: z.number().int(),
  paymentsCount: z.number().int(),
  totalRent: z.number(),
  totalReceivedAtDeclaration: z.number(),
  totalTenantPayments: z.number(),
  totalPaidByGuarantor: z.number(),
  totalOutstanding: z.number(),
  byMonth: z.array(ClaimStatsMonthSchema),
});
export type ClaimStats = z.infer<typeof ClaimStatsSchema>;

/**
 * What a claim's tenant and guarantor paid beyond its rents, in euros: the sum of its months'
 * monthOverpaid, the term that makes its figures add up (rent = received at declaration + tenant's
 * payments + guarantor + outstanding − overpaid), as the claims' figures say it.
 */
export const claimOverpaid = (s: ClaimStats): number =>
  toEuros(
    Math.max(
      0,
      toCents(s.totalReceivedAtDeclaration) +
        toCents(s.totalTenantPayments) +
        toCents(s.totalPaidByGuarantor) +
        toCents(s.totalOutstanding) -
        toCents(s.totalRent),
    ),
  );

export const OrganizationStatsSchema = z.object({
  organizationName: z.string(),
  generatedAt: TimestampSchema,
  projects: z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: ProjectStatusSchema, count: z.number().int() })),
    funnel: z.object({
      created: z.number().int(),
      applied: z.number().int(),
      documentsValidated: z.number().int(),
      rentalAdded: z.number().int(),
      paid: z.number().int(),
      active: z.number().int(),
    }),
    averageScore: z.number(),
    createdLast30Days: z.number().int(),
  }),
  claims: z.object({
    total: z.number().int(),
    active: z.number().int(),
    byStatus: z.array(z.object({ status: ClaimStatusSchema, count: z.number().int() })),
    totalDeclared: z.number(),
    totalPaidByGuarantor: z.number(),
    totalOutstanding: z.number(),
  }),
});
export type OrganizationStats = z.infer<typeof OrganizationStatsSchema>;

/** A month of the figures' period, yyyy-MM. */
export const StatsMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written yyyy-MM, e.g. 2026-03');

/**
 * The period of the claims' figures: declared months whose rent fell due from `from` to `to`
 * (both included, either left open). The partner's statistics take no period: the dashboard
 * server sums the months of every claim itself.
 */
export const ClaimFiguresQuerySchema = z
  .object({ from: StatsMonthSchema.optional(), to: StatsMonthSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type ClaimFiguresQuery = z.infer<typeof ClaimFiguresQuerySchema>;

/**
 * The claims' money over a period, every term of the sum:
 * rent = receivedAtDeclaration + tenantPayments + guarantor + outstanding − overpaid
 * (what was paid beyond a month's rent is counted in the payments and not owed: overpaid).
 */
export const ClaimFiguresSchema = z.object({
  generatedAt: TimestampSchema,
  from: StatsMonthSchema.nullable(),
  to: StatsMonthSchema.nullable(),
  /** The first and last declared month counted (null when none). */
  firstMonth: StatsMonthSchema.nullable(),
  lastMonth: StatsMonthSchema.nullable(),
  claims: z.number().int(),
  months: z.number().int(),
  rent: z.number(),
  receivedAtDeclaration: z.number(),
  tenantPayments: z.number(),
  guarantor: z.number(),
  outstanding: z.number(),
  overpaid: z.number(),
});
export type ClaimFigures = z.infer<typeof ClaimFiguresSchema>;
