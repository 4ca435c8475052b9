import type { Finance, ProjectCreateBody } from '../../contract/projects.js';
import { MIN_ELIGIBLE_SCORE } from '../../contract/projects.js';
import { TenantStatus } from '../../contract/enums.js';

/**
 * The sandbox's deterministic scoring (the real service's is not published):
 *   resources = income + bonuses + social security + family allowances + alimony + land income
 *             + unemployment benefit + maternity leave + savings / 24
 *   (income is the pension for a retired tenant, monthly income otherwise)
 *   score = floor(resources × factor / 3), capped at 3,000
 * factor: 1 for tenured, permanent contracts, military and retired; 0.9 / 0.75 / 0.6 for CDD and
 * interim with more than 6 months / less than 6 months / trial period; 0.85 for the self-employed
 * statuses (7 to 11); 0.6 for job seekers; 0.5 for a student's own income.
 * A student's project is scored on the referent's finance. Eligible when score >= 250.
 */
export const SCORE_CAP = 3000;

export function factorOf(f: Finance): number {
  switch (f.status) {
    case 0:
    case 1:
    case 3:
    case 4:
    case 14:
      return 1;
    case 2:
    case 5:
    case 6:
      return f.contractPrecarious === 2 ? 0.6 : f.contractPrecarious === 1 ? 0.75 : 0.9;
    case 7:
    case 8:
    case 9:
    case 10:
    case 11:
      return 0.85;
    case 15:
      return 0.6;
    case 12:
      return 0.5;
  }
}

export function resourcesOf(f: Finance): number {
  const income = f.status === TenantStatus.Retired ? (f.retirementPensionAmount ?? 0) : (f.monthlyIncome ?? 0);
  return (
    income +
    (f.bonusesAmount ?? 0) +
    (f.socialSecurityAmount ?? 0) +
    (f.familyAllowanceAmount ?? 0) +
    (f.foodSupportAmount ?? 0) +
    (f.landIncome ?? 0) +
    (f.unemploymentBenefit ?? 0) +
    (f.maternityLeave ?? 0) +
    (f.savingsAmount ?? 0) / 24
  );
}

export function scoreFinance(f: Finance): number {
  return Math.min(SCORE_CAP, Math.floor((resourcesOf(f) * factorOf(f)) / 3));
}

export function scoreProject(body: Pick<ProjectCreateBody, 'finance' | 'referentFinance'>): number {
  if (body.finance.status === TenantStatus.Student && body.referentFinance) return scoreFinance(body.referentFinance);
  return scoreFinance(body.finance);
}

export const isEligible = (score: number): boolean => score >= MIN_ELIGIBLE_SCORE;
