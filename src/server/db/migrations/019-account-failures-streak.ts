import type { Kysely } from 'kysely';

/**
 * Wrong passwords are counted per e-mail typed, whether or not it has an account, so the answers
 * never tell which e-mails have one. The delays follow the current streak (failures without a
 * pause of 15 minutes), the lock every consecutive failure of an account; an e-mail without an
 * account is forgotten 15 minutes after its last failure (pruned by its last failure's time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account_failures')
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('account_failures_by_last').on('account_failures').column('last').execute();
}
