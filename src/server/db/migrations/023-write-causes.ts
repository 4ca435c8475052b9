import type { Kysely } from 'kysely';
import type { StepDialect } from './step.js';

/**
 * Who caused what the partner's events report. The partner's webhooks carry no request id, so the
 * server notes its own writes while they are at the partner (writes_in_flight: the resource, the
 * person, the browser's id for the write, until when the replica holding it renews it), the author
 * of each read-model row's state (written_by, write_id; null: the partner), and each event's
 * author as worked out when it was received (caused_by, caused_write), which every replica then
 * reads with the event.
 */
export async function up(db: Kysely<unknown>, { ms }: StepDialect): Promise<void> {
  await db.schema
    .createTable('writes_in_flight')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('by_email', 'text', (c) => c.notNull())
    .addColumn('write_id', 'text')
    .addColumn('until', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('writes_in_flight_by_resource').on('writes_in_flight').column('resource').execute();
  for (const table of ['rm_projects', 'rm_claims']) {
    await db.schema.alterTable(table).addColumn('written_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('write_id', 'text').execute();
  }
  await db.schema.alterTable('partner_events').addColumn('caused_by', 'text').execute();
  await db.schema.alterTable('partner_events').addColumn('caused_write', 'text').execute();
}
