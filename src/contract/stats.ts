import { z } from 'zod';
import { GuidSchema, TimestampSchema } from './common.js';
import { ClaimStatusSchema, ProjectStatusSchema } from './enums.js';

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
