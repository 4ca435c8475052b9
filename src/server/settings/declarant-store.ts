import { LegalInfoSchema, type LegalInfo } from '../../contract/claims.js';
import type { Declarant } from '../../contract/settings.js';
import { exec, row, type ServerDb } from '../db.js';

/**
 * Where the organization's declarant details live: one row of the server's own database. The
 * table, its creation and its queries stay in this module (the storage layer may move).
 */
export class DeclarantStore {
  constructor(private readonly db: ServerDb) {
    db.exec(`CREATE TABLE IF NOT EXISTS declarant (
      id INTEGER PRIMARY KEY CHECK (id = 1), legal_info TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT NOT NULL)`);
  }

  get(): Declarant {
    const r = row<{ legal_info: string; updated_at: string; updated_by: string }>(
      this.db,
      'SELECT legal_info, updated_at, updated_by FROM declarant WHERE id = 1',
    );
    // what was stored was valid when stored; a row the schema no longer accepts is offered as none
    const parsed = r ? LegalInfoSchema.safeParse(JSON.parse(r.legal_info)) : null;
    if (!r || !parsed?.success) return { legalInfo: null, updatedAt: null, updatedBy: null };
    return { legalInfo: parsed.data, updatedAt: r.updated_at, updatedBy: r.updated_by };
  }

  set(legalInfo: LegalInfo, by: string): Declarant {
    exec(
      this.db,
      `INSERT INTO declarant (id, legal_info, updated_at, updated_by) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET legal_info = excluded.legal_info, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      JSON.stringify(legalInfo),
      new Date().toISOString(),
      by,
    );
    return this.get();
  }
}
