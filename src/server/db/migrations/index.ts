import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../db.js';
import { up as m001 } from './001-baseline.js';
import { up as m002 } from './002-shared-state.js';
import { up as m003 } from './003-rate-limits.js';
import { up as m004 } from './004-idempotency-lease.js';
import { up as m005 } from './005-payment-allocations.js';
import { up as m007 } from './007-team-audit.js';
import { up as m008 } from './008-read-model.js';
import { up as m009 } from './009-team.js';
import { up as m010 } from './010-account.js';
import { up as m011 } from './011-round-reminders.js';
import { up as m012 } from './012-assignments.js';
import { up as m014 } from './014-sso-logins.js';
import { up as m016 } from './016-agency-copies.js';
import { up as m017 } from './017-inbox-columns.js';
import { up as m018 } from './018-readmodel-order-indexes.js';
import { up as m019 } from './019-account-failures-streak.js';
import { up as m020 } from './020-audit-attempts.js';
import { up as m021 } from './021-readmodel-list-search.js';
import { up as m022 } from './022-months-declarable-from.js';
import { up as m023 } from './023-write-causes.js';
import { up as m024 } from './024-follows.js';
import { stepDialect, type StepDialect } from './step.js';

/**
 * The versioned schema of the server's state, the same steps for SQLite and PostgreSQL (only the
 * column types that differ are chosen per dialect). Applied in name order at start and by
 * `npm run db:migrate`. Each name is recorded in every deployed database: a step, once released,
 * is never renamed nor edited (a later change is the next step), and the numbers left out (006,
 * 013, 015) stay unused. Listed here, not found by a scan of the folder: the server is bundled.
 */
const STEPS: readonly (readonly [string, (db: Kysely<unknown>, d: StepDialect) => Promise<void>])[] = [
  ['001_baseline', m001],
  ['002_shared_state', m002],
  ['003_rate_limits', m003],
  ['004_idempotency_lease', m004],
  ['005_payment_allocations', m005],
  ['007_team_audit', m007],
  ['008_read_model', m008],
  ['009_team', m009],
  ['010_account', m010],
  ['011_round_reminders', m011],
  ['012_assignments', m012],
  ['014_sso_logins', m014],
  ['016_agency_copies', m016],
  ['017_inbox_columns', m017],
  ['018_readmodel_order_indexes', m018],
  ['019_account_failures_streak', m019],
  ['020_audit_attempts', m020],
  ['021_readmodel_list_search', m021],
  ['022_months_declarable_from', m022],
  ['023_write_causes', m023],
  ['024_follows', m024],
];

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const d = stepDialect(dialect);
  return Object.fromEntries(STEPS.map(([name, up]) => [name, { up: (db: Kysely<unknown>) => up(db, d) }]));
}
