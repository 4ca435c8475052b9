import { ConfigError, loadConfig } from './config.js';
import { migrate, openDatabase } from './db.js';

/**
 * `npm run db:migrate`: applies the migrations not yet applied to the configured database
 * (DATABASE_URL's PostgreSQL, or SQLite in DATA_DIR), then exits. The server applies them at start
 * too; run this before rolling out replicas of a new version so none of them starts the change.
 */
async function main(): Promise<void> {
  const env = { ...process.env };
  let dataDir: string;
  let databaseUrl: string | null;
  try {
    // only the database settings matter here: the partner's are not needed to migrate
    const config = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: 'x'.repeat(32) });
    dataDir = config.dataDir;
    databaseUrl = config.databaseUrl;
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const { db, dialect, close } = openDatabase({ dataDir, databaseUrl });
  try {
    const result = await migrate(db, dialect);
    const applied = result.results ?? [];
    console.log(
      applied.length
        ? `Applied ${applied.map((r) => r.migrationName).join(', ')} (${dialect}).`
        : `The ${dialect} database is up to date: nothing to apply.`,
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await close();
  }
}

void main();
