import { describe, expect, it } from 'vitest';
import { makeClaimCreateBodySchema, makeRentalDebtCreateBodySchema } from './claims.js';
import { partnerToday } from './dates.js';
import { ruleOf } from './rules.js';
import { isRowPastDeadline, type RoundRow } from './round.js';
import { legalInfo } from './test-bodies.js';

const row = (over: Partial<RoundRow> = {}): Pick<RoundRow, 'daysLeft' | 'blockedLate' | 'months'> => ({
  months: [{ rentDueDate: '2026-05-05', status: 10 }],
  blockedLate: 0,
  daysLeft: 3,
  ...over,
});

describe('isRowPastDeadline', () => {
  it('a row is past its deadline past the agency’s target, with a month the partner says is past its deadline (60), or a month it blocked as declared late', () => {
    expect(isRowPastDeadline(row())).toBe(false);
    expect(isRowPastDeadline(row({ daysLeft: 0 }))).toBe(false);
    expect(isRowPastDeadline(row({ daysLeft: -1 }))).toBe(true);
    expect(isRowPastDeadline(row({ blockedLate: 1 }))).toBe(true);
    expect(isRowPastDeadline(row({ months: [{ rentDueDate: '2026-05-05', status: 60 }] }))).toBe(true);
  });
});

describe('a date received from the tenant', () => {
  const TODAY = '2026-11-29';
  const keysAt = (issues: { path: PropertyKey[] }[], field: string) =>
    issues.filter((i) => i.path[0] === field).map((i) => ruleOf(i as Parameters<typeof ruleOf>[0]).key);

  it('cannot be after today, in a month declared and in a claim’s first month', () => {
    const month = makeRentalDebtCreateBodySchema(TODAY);
    const body = { rentDueDate: '2026-11-05', rentAmount: 700, rentAmountReceived: 100 };
    expect(month.safeParse({ ...body, rentAmountReceivedDate: TODAY }).success).toBe(true);
    const future = month.safeParse({ ...body, rentAmountReceivedDate: '2026-12-15' });
    expect(keysAt(future.error?.issues ?? [], 'rentAmountReceivedDate')).toEqual(['receivedInFuture']);
    expect(future.error?.issues.map((i) => ruleOf(i))).toContainEqual({ key: 'receivedInFuture', params: { date: TODAY } });

    const claim = makeClaimCreateBodySchema(TODAY);
    const first = { ...body, legalInfo, mainOwnerEmail: 'o@p.fr' };
    expect(claim.safeParse({ ...first, rentAmountReceivedDate: TODAY }).success).toBe(true);
    expect(
      keysAt(claim.safeParse({ ...first, rentAmountReceivedDate: '2026-11-30' }).error?.issues ?? [], 'rentAmountReceivedDate'),
    ).toEqual(['receivedInFuture']);
  });
});

describe('partnerToday', () => {
  it('is the calendar day in Paris, not in UTC', () => {
    // 23:30 UTC on 29 November is already 30 November in Paris (UTC+1); 22:30 UTC on 30 June is 1 July (UTC+2)
    expect(partnerToday(new Date('2026-11-29T23:30:00Z'))).toBe('2026-11-30');
    expect(partnerToday(new Date('2026-11-29T22:30:00Z'))).toBe('2026-11-29');
    expect(partnerToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(partnerToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});
