import { TenantStatus } from '../../../../contract/enums.js';
import { ScoreBodySchema, type ScoreBody } from '../../../../contract/projects.js';
import type { ProjectFormValues } from './project-form-values.js';

/** The other resources (spec 2.6), optional amounts shown together in the form. */
export const OTHER_RESOURCES = [
  'bonusesAmount',
  'savingsAmount',
  'socialSecurityAmount',
  'familyAllowanceAmount',
  'foodSupportAmount',
  'landIncome',
  'unemploymentBenefit',
  'maternityLeave',
] as const;

/** The finance fields the form labels (`project.<field>`), the ones a pre-score can lack. */
export const FINANCE_FIELDS = ['status', 'contractPrecarious', 'monthlyIncome', 'retirementPensionAmount', ...OTHER_RESOURCES] as const;
export type FinanceField = (typeof FINANCE_FIELDS)[number];

/** Not computable yet: the fields left empty, and those filled with a value the contract refuses. */
export type Prescore = { success: true; data: ScoreBody } | { success: false; missing: FinanceField[]; invalid: FinanceField[] };

const isField = (f: unknown): f is FinanceField => (FINANCE_FIELDS as readonly unknown[]).includes(f);

/**
 * The body of POST /v3/score (one finance object, spec 2.9) from the finance the form holds, or the
 * fields to fill, and those to correct, first (in the form's order), so the disabled button can say why. A
 * student's pre-score is asked on the referent's finance (`referent`: a referent is neither a
 * student nor retired, as the project creation requires).
 */
export function prescoreBody(finance: Partial<ProjectFormValues['finance']> | null | undefined, referent: boolean): Prescore {
  // an amount field left empty holds null: nothing typed
  const f = Object.fromEntries(Object.entries(finance ?? {}).filter(([, v]) => v !== null)) as Partial<ProjectFormValues['finance']>;
  const parsed = ScoreBodySchema.safeParse({
    ...f,
    monthlyIncome: f.monthlyIncome ?? (f.status === TenantStatus.Retired ? 0 : undefined),
  });
  const wrongReferent = referent && (f.status === TenantStatus.Student || f.status === TenantStatus.Retired);
  if (parsed.success && !wrongReferent) return { success: true, data: parsed.data };
  const flagged = new Set<FinanceField>(wrongReferent ? ['status'] : []);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    // a retired tenant's pension stands for the income the score body requires
    if (isField(field)) flagged.add(field === 'monthlyIncome' && f.status === TenantStatus.Retired ? 'retirementPensionAmount' : field);
  }
  const filled = (k: FinanceField) => f[k] !== undefined && f[k] !== null;
  const inOrder = FINANCE_FIELDS.filter((k) => flagged.has(k));
  return { success: false, missing: inOrder.filter((k) => !filled(k)), invalid: inOrder.filter(filled) };
}
