import { describe, expect, it } from 'vitest';
import { RentalDebtStatus } from './enums.js';
import { daysPastDue, declarableFrom, isMonthDue, isToDeclare, isUndeclared, monthDueOn, type MonthLine } from './months.js';

const undeclared = (rentDueDate: string, status: number = RentalDebtStatus.Virtual): MonthLine => ({ id: null, status, rentDueDate });
const declared = (rentDueDate: string): MonthLine => ({
  id: '6f1d2a3b-4c5d-4e6f-8a9b-000000000001',
  status: RentalDebtStatus.PendingPayment,
  rentDueDate,
});

describe('isUndeclared', () => {
  it('is a line without id whose status is a month to declare (10, or 60 past the partner’s deadline)', () => {
    expect(isUndeclared(undeclared('2026-06-05'))).toBe(true);
    expect(isUndeclared(undeclared('2026-06-05', RentalDebtStatus.VirtualPostLimitDate))).toBe(true);
    expect(isUndeclared(declared('2026-06-05'))).toBe(false);
    // a declared month keeps its id whatever its status says
    expect(isUndeclared({ ...declared('2026-06-05'), status: RentalDebtStatus.Virtual })).toBe(false);
    expect(isUndeclared({ id: null, status: RentalDebtStatus.Paid })).toBe(false);
  });
});

describe('monthDueOn and isMonthDue', () => {
  it("a month's rent is due on the claim's own day, clamped to the month, today included", () => {
    // dated on the 1st by the partner, due on the claim's 15th
    expect(monthDueOn('2026-01-15', '2026-06-01')).toBe('2026-06-15');
    expect(monthDueOn('2026-01-31', '2026-02-01')).toBe('2026-02-28');
    expect(isMonthDue('2026-01-15', '2026-06-15', '2026-06-15')).toBe(true);
    expect(isMonthDue('2026-01-15', '2026-06-15', '2026-06-14')).toBe(false);
    expect(isMonthDue('2026-01-15', '2026-06-01', '2026-06-10')).toBe(false);
    expect(isMonthDue('2026-01-31', '2026-02-01', '2026-02-28')).toBe(true);
  });
});

describe('declarableFrom', () => {
  it("is an undeclared month's due date on the claim's day, and null once it is declared", () => {
    expect(declarableFrom('2026-01-15', undeclared('2026-06-01'))).toBe('2026-06-15');
    expect(declarableFrom('2026-01-31', undeclared('2026-02-01', RentalDebtStatus.VirtualPostLimitDate))).toBe('2026-02-28');
    expect(declarableFrom('2026-01-15', declared('2026-06-01'))).toBeNull();
  });
});

describe('isToDeclare: the one rule of "to declare"', () => {
  it('is an undeclared month whose rent is due by today, on the claim’s day, that day included', () => {
    expect(isToDeclare('2026-01-15', undeclared('2026-06-01'), '2026-06-15')).toBe(true);
    expect(isToDeclare('2026-01-15', undeclared('2026-06-01'), '2026-06-14')).toBe(false);
    // an earlier calendar month is due whatever today's day of the month
    expect(isToDeclare('2026-01-28', undeclared('2026-05-01'), '2026-06-02')).toBe(true);
    expect(isToDeclare('2026-01-15', undeclared('2026-05-01', RentalDebtStatus.VirtualPostLimitDate), '2026-06-02')).toBe(true);
    expect(isToDeclare('2026-01-15', declared('2026-05-01'), '2026-06-30')).toBe(false);
  });

  it('agrees with the column the read model keeps: to declare exactly when declarableFrom <= today', () => {
    const claimDays = ['2026-01-01', '2026-01-15', '2026-01-28', '2026-01-31'];
    const lines = [undeclared('2026-02-01'), undeclared('2026-02-20'), undeclared('2026-03-01', 60), declared('2026-02-01')];
    for (const day of claimDays)
      for (const m of lines)
        for (const today of ['2026-02-01', '2026-02-14', '2026-02-28', '2026-03-01', '2026-03-31']) {
          const from = declarableFrom(day, m);
          expect(isToDeclare(day, m, today)).toBe(from !== null && from <= today);
        }
  });
});

describe('daysPastDue', () => {
  it('counts the days since the rent was due: 0 on the day and before it', () => {
    expect(daysPastDue('2026-09-05', '2026-09-05')).toBe(0);
    expect(daysPastDue('2026-09-05', '2026-09-01')).toBe(0);
    expect(daysPastDue('2026-09-05', '2026-11-29')).toBe(85);
  });
});
