import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, freshDatabase, migratedDatabase } from '../../test/harness.js';
import { schemaDump } from '../../test/schema-dump.js';
import { migrate, openDatabase } from '../db.js';
import { migrationsFor } from './index.js';

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
});
