import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The monthly round's e-mail reminders: a row claims each send (one per user, month
 * and kind, whichever replica gets there first); each user's switch and language are the
 * users table's (009_team: reminders_enabled, lang).
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('round_reminders_sent')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('round_reminders_sent_pk', ['email', 'month', 'kind'])
    .execute();
}
