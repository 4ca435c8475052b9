import { describe, expect, it } from 'vitest';
import {
  makeClaimCreateBodySchema,
  makePaymentBodySchema,
  makeRentalDebtCreateBodySchema,
  PaymentBodySchema,
  rentNeedsConfirmation,
} from './claims.js';
import { GuidSchema, isGuid } from './common.js';
import { addMonths, addMonthsKeepDay, daysBetween, daysToNextMonth, monthsBetween } from './dates.js';
import * as enums from './enums.js';
import { ERROR_CATALOGUE, ERROR_CODES } from './errors.js';
import { sniffContentType } from './files.js';
import { OPERATIONS, matchOperation } from './paths.js';
import { ProjectCreateBodySchema, makeRentalInfoBodySchema } from './projects.js';
import { phone, profile, rent } from './test-bodies.js';
import { ruleOf } from './rules.js';

const codeOf = (r: { error?: { issues: object[] } }) => {
  const issue = r.error?.issues[0];
  return issue && 'params' in issue ? (issue.params as { errorCode?: string }).errorCode : undefined;
};

describe('claim rules found in the walk', () => {
  const legalInfo = { firstName: 'Sophie', lastName: 'Lambert', email: 's@a.fr', phone };
  const claim = { rentAmount: 800, rentAmountReceived: 0, rentDueDate: '2026-05-05', legalInfo, mainOwnerEmail: 'o@p.fr' };
  const ruleKeys = (r: { error?: { issues: { path: PropertyKey[]; params?: unknown }[] } }) =>
    (r.error?.issues ?? []).map((i) => [i.path.join('.'), (i.params as { rule?: { key: string } } | undefined)?.rule?.key]);

  it('a first unpaid month is not before the month the lease starts', () => {
    const schema = makeClaimCreateBodySchema('2026-06-15', '2026-05-20');
    expect(ruleKeys(schema.safeParse({ ...claim, rentDueDate: '2026-04-30' }))).toEqual([['rentDueDate', 'beforeLeaseStart']]);
    expect(schema.safeParse({ ...claim, rentDueDate: '2026-05-01' }).success).toBe(true);
    // without a known lease start, nothing is assumed
    expect(makeClaimCreateBodySchema('2026-06-15').safeParse({ ...claim, rentDueDate: '2026-04-30' }).success).toBe(true);
  });

  it('no claim before the lease starts, whatever month is named', () => {
    const early = makeClaimCreateBodySchema('2026-11-29', '2026-12-01').safeParse({ ...claim, rentDueDate: '2026-11-05' });
    expect(ruleKeys(early)).toContainEqual(['rentDueDate', 'leaseNotStarted']);
    // within the lease's first month, from its first day
    const started = makeClaimCreateBodySchema('2026-11-15', '2026-11-15').safeParse({ ...claim, rentDueDate: '2026-11-15' });
    expect(started.success).toBe(true);
    expect(
      ruleKeys(makeClaimCreateBodySchema('2026-11-14', '2026-11-15').safeParse({ ...claim, rentDueDate: '2026-11-14' })),
    ).toContainEqual(['rentDueDate', 'leaseNotStarted']);
  });

  it('a tenant payment applies to a month of the lease, from the month it starts', () => {
    const schema = makePaymentBodySchema('2026-12-07', '2026-09-15');
    expect(ruleKeys(schema.safeParse({ amount: 190, applyDate: '2017-01-01' }))).toEqual([['applyDate', 'beforeLeaseStart']]);
    expect(ruleKeys(schema.safeParse({ amount: 190, applyDate: '2026-08-31' }))).toEqual([['applyDate', 'beforeLeaseStart']]);
    // the lease's first month is owed from its first day, as for a claim's first month
    expect(schema.safeParse({ amount: 190, applyDate: '2026-09-01' }).success).toBe(true);
    // without a known lease start, nothing is assumed
    expect(makePaymentBodySchema('2026-12-07').safeParse({ amount: 190, applyDate: '2017-01-01' }).success).toBe(true);
  });

  it('a month’s rent more than twice the lease’s is to be confirmed; an unknown lease rent asks nothing', () => {
    expect(rentNeedsConfirmation(1600, 800)).toBe(false);
    expect(rentNeedsConfirmation(1600.01, 800)).toBe(true);
    expect(rentNeedsConfirmation(800750, 800)).toBe(true);
    expect(rentNeedsConfirmation(800750, null)).toBe(false);
    expect(rentNeedsConfirmation(800750, 0)).toBe(false);
  });

  it('a share capital is an amount in euros, never negative', () => {
    const schema = makeClaimCreateBodySchema('2026-06-15');
    for (const ok of ['50000', '50 000', '1500,50', '0', '10 000 €'])
      expect(schema.safeParse({ ...claim, legalInfo: { ...legalInfo, shareCapital: ok } }).success, ok).toBe(true);
    for (const bad of ['-10000', 'abc', '1e9', '-0']) {
      const issues = schema.safeParse({ ...claim, legalInfo: { ...legalInfo, shareCapital: bad } }).error?.issues ?? [];
      expect(
        issues.map((i) => [i.path.join('.'), ruleOf(i).key]),
        bad,
      ).toEqual([['legalInfo.shareCapital', 'shareCapital']]);
    }
  });

  it('a SIREN typed in groups, with spaces or no-break spaces, is its 9 digits; anything else is refused', () => {
    const schema = makeClaimCreateBodySchema('2026-06-15');
    for (const typed of ['123456789', '123 456 789', '123\u00a0456\u00a0789', '123\u202f456\u202f789', ' 123 456 789 ']) {
      const parsed = schema.safeParse({ ...claim, legalInfo: { ...legalInfo, siren: typed } });
      expect(parsed.success && parsed.data.legalInfo.siren, JSON.stringify(typed)).toBe('123456789');
    }
    for (const bad of ['12 345 678', '1234567890', '123-456-789', '12345678a', '   ']) {
      const issues = schema.safeParse({ ...claim, legalInfo: { ...legalInfo, siren: bad } }).error?.issues ?? [];
      expect(
        issues.map((i) => [i.path.join('.'), ruleOf(i).key]),
        bad,
      ).toEqual([['legalInfo.siren', 'siren']]);
    }
  });
});

describe('rules that take "today" as a parameter', () => {
  it('startLease: not in the past relative to the given today', () => {
    expect(makeRentalInfoBodySchema('2026-11-21').safeParse({ ...rent, startLease: '2026-11-20' }).success).toBe(false);
    expect(makeRentalInfoBodySchema('2026-11-21').safeParse({ ...rent, startLease: '2026-11-21' }).success).toBe(true);
    expect(makeRentalInfoBodySchema('2026-11-19').safeParse({ ...rent, startLease: '2026-11-20' }).success).toBe(true);
  });
  it('rentDueDate: not in the future, with the spec code E0201', () => {
    const claim = {
      rentAmount: 700,
      rentAmountReceived: 0,
      rentDueDate: '2026-11-22',
      legalInfo: { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    };
    const r = makeClaimCreateBodySchema('2026-11-21').safeParse(claim);
    expect(r.success).toBe(false);
    expect(codeOf(r)).toBe('E0201');
    expect(makeClaimCreateBodySchema('2026-11-22').safeParse(claim).success).toBe(true);
    expect(codeOf(makeRentalDebtCreateBodySchema('2026-01-01').safeParse({ rentAmount: 1, rentDueDate: '2026-02-01' }))).toBe('E0201');
  });
  it('a mobility lease lasts 1 to 10 months', () => {
    const s = makeRentalInfoBodySchema('2026-01-01');
    const base = { ...rent, bailType: 4, startLease: '2026-01-15' };
    expect(s.safeParse({ ...base, theoreticalEndLease: '2026-02-14' }).success).toBe(false);
    expect(s.safeParse({ ...base, theoreticalEndLease: '2026-02-15' }).success).toBe(true);
    expect(s.safeParse({ ...base, theoreticalEndLease: '2026-11-15' }).success).toBe(true);
    expect(s.safeParse({ ...base, theoreticalEndLease: '2026-11-16' }).success).toBe(false);
  });
});

describe('body schemas', () => {
  it('payment amount must be greater than 0 with code E0212', () => {
    expect(codeOf(PaymentBodySchema.safeParse({ amount: 0, applyDate: '2026-01-01' }))).toBe('E0212');
    expect(PaymentBodySchema.safeParse({ amount: 0.01, applyDate: '2026-01-01' }).success).toBe(true);
    expect(PaymentBodySchema.safeParse({ amount: 1.001, applyDate: '2026-01-01' }).success).toBe(false);
  });
  it('refuses tenant status 13 and accepts every listed status', () => {
    expect(ProjectCreateBodySchema.safeParse({ profile, finance: { status: 13, monthlyIncome: 1 } }).success).toBe(false);
    for (const s of enums.TENANT_STATUSES) {
      const finance = { status: s.code, monthlyIncome: 3000, contractPrecarious: 0, retirementPensionAmount: 1000 };
      const extra = s.code === 12 ? { referent: profile, referentFinance: { status: 4, monthlyIncome: 3000 } } : {};
      expect(ProjectCreateBodySchema.safeParse({ profile, finance, ...extra }).success, `status ${s.code}`).toBe(true);
    }
  });
  it('refuses impossible dates', () => {
    expect(ProjectCreateBodySchema.safeParse({ profile: { ...profile, dateOfBirth: '2026-02-29' }, finance: { status: 4 } }).success).toBe(
      false,
    );
    expect(ProjectCreateBodySchema.safeParse({ profile: { ...profile, dateOfBirth: '2024-02-29' }, finance: { status: 4 } }).success).toBe(
      true,
    );
  });
});

describe('dates', () => {
  it('does month arithmetic in UTC', () => {
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
    expect(addMonthsKeepDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(monthsBetween('2025-11-30', '2026-02-01')).toBe(3);
  });

  it('"one month ahead" is a calendar month: the same day of the next month, clamped', () => {
    expect(daysToNextMonth('2026-12-08')).toBe(31);
    expect(daysToNextMonth('2027-02-08')).toBe(28);
    expect(daysToNextMonth('2027-01-31')).toBe(28);
  });
});

describe('operations allow-list', () => {
  const id = '6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c11';
  it('matches the 27 operations with GUID parameters only', () => {
    expect(OPERATIONS).toHaveLength(27);
    expect(OPERATIONS.filter((o) => o.path.startsWith('/v1'))).toHaveLength(14);
    expect(matchOperation('GET', '/v3/projects/stats')?.op.id).toBe('getOrganizationStats');
    expect(matchOperation('GET', `/v3/projects/${id}`)?.op.id).toBe('getProject');
    expect(matchOperation('PUT', `/v1/claims/${id}/rentaldebts/${id}`)?.op.id).toBe('updateRentalDebt');
    expect(matchOperation('DELETE', `/v1/claims/${id}/rentaldebts/${id}`)).toBeNull();
    expect(matchOperation('GET', '/v3/projects/abc')).toBeNull();
    expect(matchOperation('GET', `/v3/projects/${id}/../stats`)).toBeNull();
    expect(matchOperation('GET', `/v3/projects/${id}%2F..`)).toBeNull();
  });

  it('reads GUIDs with the one pattern GuidSchema checks, in any case and nothing around them', () => {
    for (const value of [id, id.toUpperCase(), `${id}x`, `x${id}`, id.slice(1), id.replace(/-/g, ''), 'g'.repeat(8) + id.slice(8)]) {
      const path = matchOperation('GET', `/v3/projects/${value}`);
      expect(isGuid(value)).toBe(GuidSchema.safeParse(value).success);
      expect(path !== null).toBe(isGuid(value));
    }
    expect(isGuid(id.toUpperCase())).toBe(true);
    expect(isGuid(`${id}x`)).toBe(false);
  });
});

describe('catalogues', () => {
  it('labels every enum value in French and English', () => {
    const lists = [
      enums.CLAIM_STATUSES,
      enums.RENTAL_DEBT_STATUSES,
      enums.RECEIPT_STATUSES,
      enums.PROJECT_STATUSES,
      enums.TENANT_STATUSES,
      enums.CONTRACT_PRECARIOUS,
      enums.GENDERS,
      enums.OWNER_TYPES,
      enums.RENT_ALONE,
      enums.BAIL_TYPES,
    ];
    for (const list of lists) for (const e of list) expect(e.fr.length * e.en.length).toBeGreaterThan(0);
    expect(enums.CLAIM_STATUSES).toHaveLength(21);
    expect(enums.RENTAL_DEBT_STATUSES).toHaveLength(14);
    expect(enums.PROJECT_STATUSES).toHaveLength(12);
  });
  it('gives every error code a status and a message in both languages', () => {
    for (const code of ERROR_CODES) {
      const info = ERROR_CATALOGUE[code];
      expect(info.status).toBeGreaterThanOrEqual(400);
      expect(info.fr.length * info.en.length).toBeGreaterThan(0);
    }
    for (const spec of [
      'E0015',
      'E0040',
      'E0090',
      'E0142',
      'E0144',
      'E0145',
      'E0176',
      'E0177',
      'E0188',
      'E0193',
      'E0200',
      'E0201',
      'E0212',
      'E0225',
      'E0233',
    ]) {
      expect(ERROR_CODES).toContain(spec);
    }
  });
  it('sniffs file types by their bytes', () => {
    expect(sniffContentType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffContentType(new TextEncoder().encode('GIF87a'))).toBe('image/gif');
    expect(sniffContentType(new TextEncoder().encode('GIF8xx'))).toBeNull();
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffContentType(new TextEncoder().encode('<html>'))).toBeNull();
  });
});
