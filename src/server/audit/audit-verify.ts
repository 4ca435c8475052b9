import { AuditStore } from './store.js';
import { migrate } from '../db/db.js';
import { openDatabaseFromEnv } from '../db/from-env.js';

/**
 * `npm run audit:verify`: walks the audit trail's chain of hashes in the configured database
 * (DATABASE_URL's PostgreSQL, or SQLite in DATA_DIR) and says whether it is intact or where it
 * breaks. Exit code 0 intact, 1 broken, 2 could not check.
 */
export async function auditVerify(env: NodeJS.ProcessEnv, out: (line: string) => void): Promise<number> {
  const opened = openDatabaseFromEnv(env);
  if ('error' in opened) {
    out(opened.error);
    return 2;
  }
  const { db, dialect, close } = opened;
  try {
    await migrate(db, dialect);
    const r = await new AuditStore(db, dialect).verify();
    const from = r.firstSeq === null ? 'the trail is empty' : `from record ${r.firstSeq}`;
    const kept = r.retainedFrom ? ` (earlier records removed by retention, before ${r.retainedFrom})` : '';
    if (r.intact) out(`Audit trail intact: ${r.checked} records checked, ${from}${kept} (${dialect}).`);
    else
      out(
        `Audit trail BROKEN at record ${r.breakAt?.seq ?? '?'}: ${
          {
            hash: 'its content does not match its hash',
            link: 'it does not link to the record before it',
            anchor: 'it does not link to where retention left the chain',
          }[r.breakAt?.reason ?? 'hash']
        }; ${r.checked} records before it hold (${dialect}).`,
      );
    return r.intact ? 0 : 1;
  } catch (err) {
    out(`Could not check the audit trail: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    await close();
  }
}
