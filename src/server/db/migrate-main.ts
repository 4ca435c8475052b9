import { migrate } from './db.js';
import { openDatabaseFromEnv } from './from-env.js';

/**
 * `npm run db:migrate`: applies the migrations not yet applied to the configured database
 * (DATABASE_URL's PostgreSQL, or SQLite in DATA_DIR), then exits. The server applies them at start
 * too; run this before rolling out replicas of a new version so none of them starts the change.
 */
async function main(): Promise<void> {
  const opened = openDatabaseFromEnv(process.env);
  if ('error' in opened) {
    console.error(opened.error);
    process.exit(1);
  }
  const { db, dialect, close } = opened;
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
