import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, type OpenedDatabase } from './db.js';

/**
 * The configured database for the command-line tools (`npm run db:migrate`, `npm run
 * audit:verify`): DATABASE_URL's PostgreSQL, or SQLite in DATA_DIR. Only the database settings
 * are read: the partner's are not needed. A wrong value is the ConfigError's message.
 */
export function openDatabaseFromEnv(env: NodeJS.ProcessEnv): OpenedDatabase | { error: string } {
  try {
    const config = loadConfig({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL, SESSION_SECRET: 'x'.repeat(32) });
    return openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (err) {
    return { error: err instanceof ConfigError ? err.message : String(err) };
  }
}
