import { describe, expect, it } from 'vitest';
import { SCORE_CAP, isEligible, scoreFinance, scoreProject } from './scoring.js';

describe('scoring', () => {
  it('is a third of the monthly resources for a stable status', () => {
    expect(scoreFinance({ status: 4, monthlyIncome: 3000 })).toBe(1000);
    expect(scoreFinance({ status: 0, monthlyIncome: 1500, bonusesAmount: 150, familyAllowanceAmount: 150, savingsAmount: 2400 })).toBe(633);
  });
  it('weighs precarious contracts by their length', () => {
    expect(scoreFinance({ status: 5, contractPrecarious: 0, monthlyIncome: 3000 })).toBe(900);
    expect(scoreFinance({ status: 5, contractPrecarious: 1, monthlyIncome: 3000 })).toBe(750);
    expect(scoreFinance({ status: 6, contractPrecarious: 2, monthlyIncome: 3000 })).toBe(600);
  });
  it('uses the pension, not monthly income, for the retired', () => {
    expect(scoreFinance({ status: 14, monthlyIncome: 9000, retirementPensionAmount: 1200 })).toBe(400);
  });
  it("scores a student's project on the referent's finance", () => {
    expect(scoreProject({ finance: { status: 12, monthlyIncome: 300 }, referentFinance: { status: 4, monthlyIncome: 6000 } })).toBe(2000);
  });
  it('is capped, and eligible from 250', () => {
    expect(scoreFinance({ status: 4, monthlyIncome: 100000 })).toBe(SCORE_CAP);
    expect(isEligible(250)).toBe(true);
    expect(isEligible(249)).toBe(false);
  });
});
