import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * Following files and being told what changes on them (follows/): who follows which project or
 * claim and why (and when she last opened its page); the notifications, one per person and change,
 * unique per person and source (the audit record or the partner event that made it), so a change is
 * never said twice; each person's e-mail choice; the organization's digest hour; the daily digests
 * claimed (one row per person and day lets one replica send it); the unsubscribe links used.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('followed_at', ms, (c) => c.notNull())
    .addColumn('last_visit_at', ms)
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'kind', 'entity_id'])
    .execute();
  await db.schema.createIndex('follows_by_file').on('follows').columns(['kind', 'entity_id']).execute();
  await db.schema.createIndex('follows_by_user_time').on('follows').columns(['user_id', 'followed_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_kind', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('file_label', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('source_key', 'text', (c) => c.notNull())
    /** Partner events of one claim and kind close together are summed up in one notification (its key). */
    .addColumn('group_key', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('read_at', ms)
    /** When it was e-mailed at once (an urgent kind): the digest does not say it again. */
    .addColumn('mailed_at', ms)
    .addUniqueConstraint('notifications_once', ['user_id', 'source_key'])
    .execute();
  await db.schema.createIndex('notifications_by_user_time').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_by_file').on('notifications').columns(['user_id', 'file_kind', 'file_id']).execute();
  await db.schema.createIndex('notifications_by_time').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('digests_sent')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('claimed_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('digests_sent_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('unsubscribe_used')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('used_at', ms, (c) => c.notNull())
    .execute();
}
