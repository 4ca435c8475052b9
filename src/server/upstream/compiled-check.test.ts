import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OPERATION_ANSWERS } from '../../contract/responses.js';
import { TEXT_MAX } from '../../contract/limits.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { HttpError } from '../http-error.js';
import { checkAnswer } from './answers.js';
import type { UpstreamAnswer } from './client.js';
import { compiledCheck } from './compiled-check.js';

let sb: TestSandbox;
/** Real answers of the demo sandbox (serialised with the contract's schemas), with the schema each must match. */
const answers: { what: string; schema: z.ZodType; value: unknown }[] = [];

beforeAll(async () => {
  sb = await startSandbox({ now: () => new Date('2026-06-15T10:00:00Z') });
  const get = async (path: string) => (await sb.call('GET', path)).body;
  const projects = (await get('/v3/projects?pageSize=100')) as { items: { id: string; status: number }[] };
  const claims = (await get('/v1/claims?pageSize=100')) as { items: { id: string }[] };
  const add = (what: string, schema: z.ZodType | 'pdf', value: unknown) => {
    if (schema !== 'pdf') answers.push({ what, schema, value });
  };
  add('listProjects', OPERATION_ANSWERS.listProjects, projects);
  add('listClaims', OPERATION_ANSWERS.listClaims, claims);
  add('getOrganizationStats', OPERATION_ANSWERS.getOrganizationStats, await get('/v3/projects/stats'));
  for (const p of projects.items.slice(0, 12)) {
    add('getProject', OPERATION_ANSWERS.getProject, await get(`/v3/projects/${p.id}`));
    add('getProjectRequiredDocuments', OPERATION_ANSWERS.getProjectRequiredDocuments, await get(`/v3/projects/${p.id}/required`));
    add('listProjectDocuments', OPERATION_ANSWERS.listProjectDocuments, await get(`/v3/projects/${p.id}/documents`));
    add('getProjectPayment', OPERATION_ANSWERS.getProjectPayment, await get(`/v3/projects/${p.id}/payment`));
  }
  for (const c of claims.items.slice(0, 12)) {
    add('getClaimRequiredDocuments', OPERATION_ANSWERS.getClaimRequiredDocuments, await get(`/v1/claims/${c.id}/documents/required`));
    add('listRentalDebts', OPERATION_ANSWERS.listRentalDebts, await get(`/v1/claims/${c.id}/rentaldebts`));
    add(
      'listRentalDebtsPendingSignature',
      OPERATION_ANSWERS.listRentalDebtsPendingSignature,
      await get(`/v1/claims/${c.id}/rentaldebts/pending-signature`),
    );
    add('listPayments', OPERATION_ANSWERS.listPayments, await get(`/v1/claims/${c.id}/payments`));
    add('getClaimStats', OPERATION_ANSWERS.getClaimStats, await get(`/v1/claims/${c.id}/stats`));
  }
  add('applyProject', OPERATION_ANSWERS.applyProject, { success: true, message: 'ok' });
  add('getScore', OPERATION_ANSWERS.getScore, { score: 612.5, eligible: true });
  // the answers of the writes: entries of the lists above
  const entry = (op: string) =>
    (answers.find((a) => a.what === op && Array.isArray(a.value) && a.value.length > 0)?.value as unknown[])?.[0];
  add('createClaim', OPERATION_ANSWERS.createClaim, claims.items[0]);
  add('addRentalDebt', OPERATION_ANSWERS.addRentalDebt, entry('listRentalDebts'));
  add('addPayment', OPERATION_ANSWERS.addPayment, entry('listPayments'));
  add('addProjectDocument', OPERATION_ANSWERS.addProjectDocument, entry('listProjectDocuments'));
});
afterAll(() => sb.close());

const clone = <T>(v: T): T => structuredClone(v);
/** The answer with its lists cut to two entries (every kind of field is still there; zod's parse of each variant stays short). */
const small = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.slice(0, 2).map(small)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, small(x)]))
      : v;

/** Every place in a value (a path of keys), to put a wrong value at. */
function places(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(v)) v.slice(0, 2).forEach((x, i) => places(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) places(x, [...at, k], out);
  out.push(at);
  return out;
}
function setAt(root: unknown, path: (string | number)[], value: unknown | typeof DELETE): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return copy;
}
const DELETE = Symbol('delete');

/** Wrong values, and values that are wrong only for some fields (a date, money, an enum, a bounded text). */
const WRONG: (unknown | typeof DELETE)[] = [
  DELETE,
  null,
  'x'.repeat(TEXT_MAX.comment + 1),
  'x'.repeat(101),
  // 300 characters in 600 UTF-16 units (zod and ajv both count characters: a check counting units would differ)
  '😀'.repeat(300),
  '😀'.repeat(60),
  ' '.repeat(5),
  '',
  'a\u0000b',
  'a\u001bb',
  '\ud800',
  '2026-02-30',
  '0004-01-01',
  '2026-1-1',
  'not-a-guid',
  'x@y',
  999,
  -1,
  0,
  1.005,
  12.5,
  1e15,
  Infinity,
  Number.NaN,
  2 ** 53,
  true,
  [],
  {},
  { unexpected: 1 },
];

describe('the compiled check of partner answers (derived from the contract schemas)', () => {
  it('accepts every real answer of the sandbox, as zod does', () => {
    expect(answers.length).toBeGreaterThan(40);
    // every answer schema but the PDF's has real answers here
    const covered = new Set(answers.map((a) => a.schema));
    const schemas = Object.entries(OPERATION_ANSWERS).filter(([, s]) => s !== 'pdf');
    expect(schemas.filter(([, s]) => !covered.has(s as z.ZodType)).map(([op]) => op)).toEqual([]);
    for (const a of answers) {
      expect([a.what, a.schema.safeParse(a.value).success]).toEqual([a.what, true]);
      expect([a.what, compiledCheck(a.schema)(a.value)]).toEqual([a.what, true]);
    }
  });

  it('never accepts an answer that zod refuses: every field of every answer, each wrong value in turn', () => {
    let refusedByZod = 0;
    const accepted: string[] = [];
    const refused: string[] = [];
    // the fullest answer of each operation (an empty list has nothing to break), every place in it
    const fullest = new Map<string, (typeof answers)[number]>();
    for (const a of answers) {
      const known = fullest.get(a.what);
      if (!known || places(small(a.value)).length > places(small(known.value)).length) fullest.set(a.what, a);
    }
    for (const a of fullest.values()) {
      const check = compiledCheck(a.schema);
      const answer = small(a.value);
      for (const path of places(answer)) {
        for (const wrong of WRONG) {
          const value = setAt(answer, path, wrong);
          const where = `${a.what} ${path.join('.')} = ${JSON.stringify(wrong) ?? String(wrong)}`;
          if (a.schema.safeParse(value).success) {
            if (!check(value)) refused.push(where);
            continue;
          }
          refusedByZod++;
          if (check(value)) accepted.push(where);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(refusedByZod).toBeGreaterThan(1000);
    // nor stricter: what zod accepts it accepts too (else zod would judge it again, slowly but rightly)
    expect(refused).toEqual([]);
  });

  it('refuses what zod refuses in a page of projects: an overlong name, an unknown status, a missing field, a real date that is not one, money with three decimals, a control character', () => {
    const page = answers.find((a) => a.what === 'listProjects');
    if (!page) throw new Error('no page of projects');
    const check = compiledCheck(page.schema);
    const first = ['items', 0];
    const bad: [(string | number)[], unknown][] = [
      [[...first, 'profile', 'firstName'], 'É'.repeat(TEXT_MAX.name + 1)],
      [[...first, 'status'], 999],
      [[...first, 'profile', 'email'], DELETE],
      [[...first, 'profile', 'dateOfBirth'], '2023-02-29'],
      [[...first, 'finance', 'monthlyIncome'], 1000.005],
      [[...first, 'profile', 'lastName'], 'Dupont\u0007'],
      [[...first, 'id'], 'not-a-guid'],
      [['total'], 1.5],
    ];
    for (const [path, value] of bad) {
      const broken = setAt(page.value, path, value);
      expect([path.join('.'), page.schema.safeParse(broken).success, check(broken)]).toEqual([path.join('.'), false, false]);
    }
  });
});

const upstream = (body: string, status = 200): UpstreamAnswer => ({
  status,
  header: (name) => (name === 'content-type' ? 'application/json; charset=utf-8' : null),
  body: Readable.from([Buffer.from(body)]),
});
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return { code: e.code, message: e.message, details: e.details, log: e.log };
    throw e;
  }
  return 'passed';
};

describe('the proxy check of a forwarded answer', () => {
  it('passes a valid answer on byte for byte', async () => {
    const page = answers.find((a) => a.what === 'listProjects');
    if (!page) throw new Error('no page of projects');
    // spaces and key order as the partner wrote them: nothing is re-serialised
    const bytes = JSON.stringify(page.value, null, 1).replace('"total"', '"total" ');
    const res = await checkAnswer(upstream(bytes), page.schema, 'GET /v3/projects', { forwardOnly: true });
    expect(res.status).toBe(200);
    expect(res.body.equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses a broken answer with the same error as zod gives (what, status, the issues)', async () => {
    const page = answers.find((a) => a.what === 'listProjects');
    if (!page) throw new Error('no page of projects');
    const cases = [
      setAt(page.value, ['items', 1, 'profile', 'firstName'], 'x'.repeat(TEXT_MAX.name + 1)),
      setAt(page.value, ['items', 0, 'status'], 42),
      setAt(page.value, ['items', 0, 'finance'], DELETE),
      setAt(page.value, ['items', 2, 'rejectionReason'], 7),
    ];
    // JSON.parse reads an overlong number as Infinity: not a number zod accepts
    cases.push(JSON.parse(JSON.stringify(page.value).replace(/"score":\d+/, '"score":1e400')) as unknown);
    for (const broken of cases) {
      const bytes = JSON.stringify(broken).replace('"score":null', '"score":1e400');
      const forwarded = await failure(checkAnswer(upstream(bytes), page.schema, 'GET /v3/projects', { forwardOnly: true }));
      const read = await failure(checkAnswer(upstream(bytes), page.schema, 'GET /v3/projects'));
      expect(forwarded).toEqual(read);
      expect(forwarded).toMatchObject({ code: 'UPSTREAM_INVALID', log: { problem: 'does not match the contract' } });
    }
  });
});
