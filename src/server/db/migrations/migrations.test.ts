import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, freshDatabase, migratedDatabase } from '../../test/harness.js';
import { schemaDump } from '../../test/schema-dump.js';
import { migrate, openDatabase } from '../db.js';
import { migrationsFor } from './index.js';
import { declarableFrom } from '../../../contract/months.js';
import { claimRow, debtRows } from '../../sync/rows.js';
import { declared, month, openClaim } from '../../test/read-model-rows.js';

/** The last step the single-file migrations had; the steps after it were written as modules. */
const LAST_SINGLE_FILE_STEP = '018_readmodel_order_indexes';

/**
 * The schema that the migrations built when they were one file (one function of 15 steps), dumped
 * from a database it had just made: a deployed database has this schema and these step names.
 */
const before = (dialect: string): string[] =>
  JSON.parse(readFileSync(new URL(`./schema-before.${dialect}.json`, import.meta.url), 'utf8')) as string[];

describe(`the migrations, one module per step (${TEST_DIALECT})`, () => {
  it('build from nothing, up to the last single-file step, the schema the single file built, under the same step names', async () => {
    const test = await freshDatabase();
    const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'migrations-test-')), databaseUrl: test.url });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(database.dialect) } });
      expect((await migrator.migrateTo(LAST_SINGLE_FILE_STEP)).error).toBeUndefined();
      expect(await schemaDump(db, database.dialect)).toEqual(before(database.dialect));
    } finally {
      await database.close();
      await test.drop();
    }
  });

  if (TEST_DIALECT === 'sqlite')
    it('open a database the single-file migrations made: only the later steps run, to the schema a new database gets', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'migrations-test-'));
      const made = openDatabase({ dataDir });
      const db = made.db as unknown as Kysely<unknown>;
      // that database, object by object (an FTS5 table makes its own shadow tables), and its recorded steps
      const fts = /^table rm_(projects|claims)_fts_(data|idx|docsize|config): /;
      for (const type of ['table', 'index', 'trigger'])
        for (const line of before('sqlite')) {
          const object = /^(\w+) \S+: ([\s\S]+)$/.exec(line);
          if (object?.[1] === type && !fts.test(line)) await sql.raw(object[2] ?? '').execute(db);
        }
      for (const line of before('sqlite')) {
        const step = /^migration (\S+)$/.exec(line);
        if (step) await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${step[1]}, ${new Date(0).toISOString()})`.execute(db);
      }
      await made.close();
      const opened = openDatabase({ dataDir });
      try {
        const ran = await migrate(opened.db, opened.dialect);
        expect(ran.error).toBeUndefined();
        // only the steps written after the split run, and the result is what a new database gets
        const later = Object.keys(migrationsFor('sqlite')).filter((name) => name > LAST_SINGLE_FILE_STEP);
        expect(ran.results?.map((r) => r.migrationName)).toEqual(later);
        const fresh = await migratedDatabase();
        try {
          expect(await schemaDump(opened.db as unknown as Kysely<unknown>, 'sqlite')).toEqual(
            await schemaDump(fresh.database.db as unknown as Kysely<unknown>, 'sqlite'),
          );
        } finally {
          await fresh.close();
        }
      } finally {
        await opened.close();
      }
    });

  it('022 gives each month kept before it the day it is to declare from, by the contract’s rule; a declared month none', async () => {
    const test = await freshDatabase();
    const database = openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'migrations-test-')), databaseUrl: test.url });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(database.dialect) } });
      expect((await migrator.migrateTo('021_readmodel_list_search')).error).toBeUndefined();
      // due on the 31st, the partner dating its months on the 1st
      const claim = openClaim('Avant', '2026-01-31');
      const debts = [declared('2026-01-01'), month('2026-02-01', { status: 60 }), month('2026-04-01')];
      await database.db
        .insertInto('rm_claims')
        .values(claimRow({ id: claim.id, readAt: 1, claim, debts, required: null }))
        .execute();
      // the months as 021 kept them: without the column 022 adds
      const before = debtRows(claim, debts).map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'declarable_from')));
      await (db as Kysely<{ rm_debts: Record<string, unknown> }>).insertInto('rm_debts').values(before).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await database.db.selectFrom('rm_debts').select(['rent_due_date', 'declarable_from']).orderBy('rent_due_date').execute();
      expect(rows).toEqual(debts.map((d) => ({ rent_due_date: d.rentDueDate, declarable_from: declarableFrom(claim.rentDueDate, d) })));
      expect(rows.map((r) => r.declarable_from)).toEqual([null, '2026-02-28', '2026-04-30']);
    } finally {
      await database.close();
      await test.drop();
    }
  });
});
