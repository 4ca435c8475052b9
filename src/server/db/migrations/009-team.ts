import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * The team, managed in the browser: users get an id, a state (invited, active, deactivated), their
 * last sign-in, their language and whether they want the monthly round's reminders (the reminders read it);
 * invitation and password-reset links live as the SHA-256 of their token only. An invited user
 * has no password yet: an empty hash, which no password matches.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('id', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', ms).execute();
  await db.schema
    .alterTable('users')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('fr'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('reminders_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // the users already seeded (from a users file or the demo users) each get their id
  const seeded = await sql<{ email: string }>`SELECT email FROM users`.execute(db);
  for (const u of seeded.rows) await sql`UPDATE users SET id = ${randomUUID()} WHERE email = ${u.email}`.execute(db);
  await db.schema.createIndex('users_by_id').unique().on('users').column('id').execute();
  await db.schema
    .createTable('user_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_links_by_user').on('user_links').column('user_id').execute();
}
