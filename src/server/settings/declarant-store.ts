import { LegalInfoSchema, type LegalInfo } from '../../contract/claims.js';
import type { Declarant } from '../../contract/settings.js';
import type { ServerDb } from '../db/db.js';

/**
 * Where the organization's declarant details live: one row of the server's own database. Its
 * queries stay in this module (the table is created by the migrations, db/migrations/).
 */
export class DeclarantStore {
  constructor(private readonly db: ServerDb) {}

  async get(): Promise<Declarant> {
    const r = await this.db
      .selectFrom('declarant')
      .select(['legal_info', 'updated_at', 'updated_by'])
      .where('id', '=', 1)
      .executeTakeFirst();
    // what was stored was valid when stored; a row the schema no longer accepts is offered as none
    const parsed = r ? LegalInfoSchema.safeParse(JSON.parse(r.legal_info)) : null;
    if (!r || !parsed?.success) return { legalInfo: null, updatedAt: null, updatedBy: null };
    return { legalInfo: parsed.data, updatedAt: r.updated_at, updatedBy: r.updated_by };
  }

  /** `at`: when, on the partner's clock (the page says "updated on" among the partner's dates). */
  async set(legalInfo: LegalInfo, by: string, at: Date = new Date()): Promise<Declarant> {
    const row = { legal_info: JSON.stringify(legalInfo), updated_at: at.toISOString(), updated_by: by };
    await this.db
      .insertInto('declarant')
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
    return this.get();
  }
}
