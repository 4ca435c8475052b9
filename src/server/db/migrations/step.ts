import type { Dialect } from '../db.js';

/** What a migration step needs of the database it runs on: which one, and its column type for times. */
export interface StepDialect {
  pgsql: boolean;
  /** Times in milliseconds since 1970 (beyond 32 bits). */
  ms: 'bigint' | 'integer';
}

export const stepDialect = (dialect: Dialect): StepDialect => ({
  pgsql: dialect === 'postgres',
  ms: dialect === 'postgres' ? 'bigint' : 'integer',
});
