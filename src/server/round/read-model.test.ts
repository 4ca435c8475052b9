import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, RentalDebt } from '../../contract/claims.js';
import { isToDeclare } from '../../contract/months.js';
import { ReadModelStore } from '../sync/store.js';
import { TEST_DIALECT, migratedDatabase } from '../test/harness.js';
import { declared, month, openClaim } from '../test/read-model-rows.js';
import { RoundReadModel } from './read-model.js';
import { roundRow } from './rules.js';

/**
 * The round's query of the read model (SQLite with `--project node`, PostgreSQL with
 * `--project server-postgres`): the claims it reads are exactly those the round makes a row of.
 */
let close: () => Promise<void>;
let store: ReadModelStore;
let model: RoundReadModel;

const claim = openClaim;

// due on the 20th, the partner dating its months on the 1st; due on the 5th; everything declared
const kept: { claim: Claim; debts: RentalDebt[] }[] = [
  { claim: claim('Vingt', '2026-01-20'), debts: [declared('2026-05-01'), month('2026-06-01')] },
  { claim: claim('Cinq', '2026-01-05'), debts: [month('2026-05-05', { status: 60 }), month('2026-06-05')] },
  { claim: claim('Rien', '2026-01-05'), debts: [declared('2026-06-05')] },
];

beforeAll(async () => {
  const opened = await migratedDatabase();
  close = opened.close;
  store = new ReadModelStore(opened.database.db);
  model = new RoundReadModel(opened.database.db);
  for (const k of kept) await store.applyClaim({ id: k.claim.id, readAt: 1, claim: k.claim, debts: k.debts, required: null });
});
afterAll(() => close());

describe(`the round's claims, read by the database (${TEST_DIALECT})`, () => {
  it('are the claims with a month to declare today by the contract’s rule, on every day: no more, no fewer', async () => {
    for (const today of ['2026-05-04', '2026-05-05', '2026-06-01', '2026-06-19', '2026-06-20']) {
      const read = (await model.candidates(today)).map((c) => c.claim.tenant.lastName).sort();
      const expected = kept
        .filter((k) => k.debts.some((d) => isToDeclare(k.claim.rentDueDate, d, today)))
        .map((k) => k.claim.tenant.lastName)
        .sort();
      expect(read, today).toEqual(expected);
      // and each is a row of the round
      for (const c of await model.candidates(today)) expect(roundRow(c.claim, c.months, today, 20), today).not.toBeNull();
    }
    // the June month dated on the 1st is to declare from the 20th only
    expect((await model.candidates('2026-06-19')).map((c) => c.claim.tenant.lastName)).toEqual(['Cinq']);
    expect((await model.candidates('2026-06-20')).map((c) => c.claim.tenant.lastName).sort()).toEqual(['Cinq', 'Vingt']);
  });
});
