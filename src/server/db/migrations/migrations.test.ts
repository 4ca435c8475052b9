import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, migratedDatabase } from '../../test/harness.js';
import { schemaDump } from '../../test/schema-dump.js';
import { migrate, openDatabase } from '../db.js';

/**
 * The schema that the migrations built when they were one file (one function of 15 steps), dumped
 * from a database it had just made: a deployed database has this schema and these step names.
 */
const before = (dialect: string): string[] =>
  JSON.parse(readFileSync(new URL(`./schema-before.${dialect}.json`, import.meta.url), 'utf8')) as string[];

describe(`the migrations, one module per step (${TEST_DIALECT})`, () => {
  it('build from nothing the schema the single-file migrations built, under the same step names', async () => {
    const { database, close } = await migratedDatabase();
    try {
      expect(await schemaDump(database.db as unknown as Kysely<unknown>, database.dialect)).toEqual(before(database.dialect));
    } finally {
      await close();
    }
  });

  if (TEST_DIALECT === 'sqlite')
    it('open a database the single-file migrations made: no step runs and the schema is unchanged', async () => {
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
        expect(ran.results).toEqual([]);
        expect(await schemaDump(opened.db as unknown as Kysely<unknown>, 'sqlite')).toEqual(before('sqlite'));
      } finally {
        await opened.close();
      }
    });
});
