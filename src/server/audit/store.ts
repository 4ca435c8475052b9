import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditDetails, AuditFilter, AuditOperation, AuditRecord, AuditVerify } from '../../contract/audit.js';
import { AUDIT_PENDING, AuditDetailsSchema, AuditOperationSchema } from '../../contract/audit.js';
import { DAY_MS } from '../../contract/dates.js';
import { foldForSearch, likeOfFolded } from '../../contract/search.js';
import { RoleSchema, type Role } from '../../contract/session.js';
import type { Dialect, ServerDb, Tables } from '../db/db.js';

/**
 * One server serves one organization (one partner token): its records form one chain. The column
 * lets a server serving several organizations keep one chain each.
 */
export const CHAIN = 'organization';
/** The hash before the first record of a chain. */
export const GENESIS = '0'.repeat(64);
/** Records removed per statement by retention (short transactions, the app keeps writing beside). */
export const PURGE_BATCH = 500;

/** What the server appends: everything but the chain's hashes and the sequence number. */
export interface AuditEntry {
  actorId: string | null;
  actorName: string | null;
  actorRole: Role | null;
  operation: AuditOperation;
  projectId: string | null;
  claimId: string | null;
  details: AuditDetails;
  result: string;
  status: number;
  requestId: string;
  address: string;
  /** An outcome: the seq of the attempt it closes (see AUDIT_PENDING). */
  outcomeOf?: number | null;
}

type Row = Tables['audit_log'];

/** The hash of a record: the previous hash and every stored field but the sequence number. */
export function recordHash(
  prev: string,
  r: Omit<Row, 'seq' | 'prev_hash' | 'hash' | 'outcome_of'> & { outcome_of?: number | null },
): string {
  const fields = [
    r.chain,
    r.at,
    r.actor_id,
    r.actor_name,
    r.actor_role,
    r.operation,
    r.project_id,
    r.claim_id,
    r.details,
    r.result,
    r.status,
    r.request_id,
    r.address,
  ];
  // an outcome names its attempt (the records of the versions before it hash as they did)
  if (r.outcome_of !== null && r.outcome_of !== undefined) fields.push(Number(r.outcome_of));
  return createHash('sha256')
    .update(`${prev}\n${JSON.stringify(fields)}`)
    .digest('hex');
}

function toRecord(r: Omit<Row, 'seq'> & { seq: number }, tenants: Tenants): AuditRecord {
  const details = AuditDetailsSchema.safeParse(JSON.parse(r.details));
  const role = RoleSchema.safeParse(r.actor_role);
  return {
    seq: r.seq,
    at: new Date(r.at).toISOString(),
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorRole: role.success ? role.data : null,
    // the operations only grow: a record always names one of them
    operation: AuditOperationSchema.parse(r.operation),
    projectId: r.project_id,
    claimId: r.claim_id,
    tenant:
      (r.claim_id ? tenants.claims.get(r.claim_id) : undefined) ?? (r.project_id ? tenants.projects.get(r.project_id) : undefined) ?? null,
    details: details.success ? details.data : {},
    result: r.result,
    status: r.status,
    requestId: r.request_id,
    address: r.address,
  };
}

/** The tenants' names of the files some records concern, by claim and by project. */
interface Tenants {
  claims: Map<string, string>;
  projects: Map<string, string>;
}

/**
 * The audit trail in the server's database: append (hash-chained, one writer at a time per chain
 * across replicas), read with filters, verify the chain, and retention. There is no method that
 * changes or removes a record other than retention's, which the database's triggers check too.
 */
export class AuditStore {
  constructor(
    private readonly db: ServerDb,
    private readonly dialect: Dialect,
    private readonly now: () => number = Date.now,
  ) {}

  /** Appends a record; answers its seq (an attempt's, which its outcome names). */
  async append(e: AuditEntry): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      // the replicas append one after the other: each reads the hash it links to under the lock
      if (this.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${CHAIN}))`.execute(tx);
      const prev = await lastHash(tx, CHAIN);
      const row = {
        chain: CHAIN,
        at: this.now(),
        actor_id: e.actorId,
        actor_name: e.actorName,
        actor_role: e.actorRole,
        operation: e.operation,
        project_id: e.projectId,
        claim_id: e.claimId,
        details: JSON.stringify(e.details),
        result: e.result,
        status: e.status,
        request_id: e.requestId,
        address: e.address,
        outcome_of: e.outcomeOf ?? null,
      };
      const added = await tx
        .insertInto('audit_log')
        .values({ ...row, prev_hash: prev, hash: recordHash(prev, row) })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(added.seq);
    });
  }

  /** A page of the records matching the filters, newest first, and how many match. */
  async page(f: AuditFilter, page: number, pageSize: number): Promise<{ items: AuditRecord[]; total: number }> {
    const where = this.filtered(f);
    const [rows, count] = await Promise.all([
      where
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      where.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { items: await this.withTenants(rows), total: Number(count?.n ?? 0) };
  }

  /** Every record matching the filters, newest first, read in batches (the CSV export). */
  async *all(f: AuditFilter, batch = 500): AsyncGenerator<AuditRecord[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await this.filtered(f).selectAll().where('seq', '<', before).orderBy('seq', 'desc').limit(batch).execute();
      if (rows.length) yield await this.withTenants(rows);
      if (rows.length < batch) return;
      before = rows[rows.length - 1]?.seq ?? 0;
    }
  }

  /** The people found in the trail (for the filter by person): their id and latest name. */
  async actors(): Promise<{ id: string; name: string }[]> {
    const rows = await this.db
      .selectFrom('audit_log')
      .select(['actor_id', (eb) => eb.fn.max('actor_name').as('name')])
      .where('actor_id', 'is not', null)
      .groupBy('actor_id')
      .orderBy('actor_id')
      .execute();
    return rows.map((r) => ({ id: r.actor_id ?? '', name: r.name ?? r.actor_id ?? '' }));
  }

  /**
   * The records, each with its file's tenant named as the read model knows them now (two reads by
   * id for a page): the name is not in the immutable record, so an erasure from the files holds here.
   */
  private async withTenants(rows: Selectable<Row>[]): Promise<AuditRecord[]> {
    const ids = (pick: (r: Selectable<Row>) => string | null) => [...new Set(rows.map(pick).filter((id): id is string => id !== null))];
    const claimIds = ids((r) => r.claim_id);
    const projectIds = ids((r) => r.project_id);
    const named = (list: { id: string; tenant_first_name: string; tenant_last_name: string }[]) =>
      new Map(list.map((r) => [r.id, `${r.tenant_first_name} ${r.tenant_last_name}`.trim()]));
    const [claims, projects] = await Promise.all([
      claimIds.length
        ? this.db.selectFrom('rm_claims').select(['id', 'tenant_first_name', 'tenant_last_name']).where('id', 'in', claimIds).execute()
        : [],
      projectIds.length
        ? this.db.selectFrom('rm_projects').select(['id', 'tenant_first_name', 'tenant_last_name']).where('id', 'in', projectIds).execute()
        : [],
    ]);
    const tenants = { claims: named(claims), projects: named(projects) };
    return rows.map((r) => toRecord(r, tenants));
  }

  private filtered(f: AuditFilter) {
    let q = this.db
      .selectFrom('audit_log')
      .where('chain', '=', CHAIN)
      // a write's attempt is read as its outcome once that is recorded: one line per write
      .where((eb) =>
        eb.or([
          eb('result', '<>', AUDIT_PENDING),
          eb.not(
            eb.exists(
              eb
                .selectFrom('audit_log as outcome')
                .select('outcome.seq')
                .whereRef('outcome.chain', '=', 'audit_log.chain')
                .whereRef('outcome.outcome_of', '=', 'audit_log.seq'),
            ),
          ),
        ]),
      );
    const folded = f.tenant ? foldForSearch(f.tenant) : '';
    if (folded !== '') {
      // the files whose tenant (name, e-mail, reference, address) the lists' search finds
      const like = likeOfFolded(folded);
      q = q.where((eb) =>
        eb.or([
          eb('claim_id', 'in', eb.selectFrom('rm_claims').select('id').where('search_folded', 'like', like)),
          eb('project_id', 'in', eb.selectFrom('rm_projects').select('id').where('search_folded', 'like', like)),
        ]),
      );
    }
    if (f.actor) q = q.where('actor_id', '=', f.actor.toLowerCase());
    if (f.operation) q = q.where('operation', '=', f.operation);
    if (f.projectId) q = q.where('project_id', '=', f.projectId.toLowerCase());
    if (f.claimId) q = q.where('claim_id', '=', f.claimId.toLowerCase());
    if (f.from) q = q.where('at', '>=', Date.parse(`${f.from}T00:00:00Z`));
    if (f.to) q = q.where('at', '<', Date.parse(`${f.to}T00:00:00Z`) + DAY_MS);
    return q;
  }

  /**
   * Walks the chain from its first kept record: each record must link to the hash of the one
   * before it (or, for the first kept one, to what retention noted when it removed the earlier
   * ones) and hash to what it carries. The first record that does not is where it breaks.
   */
  async verify(): Promise<AuditVerify> {
    const anchors = await this.db.selectFrom('audit_anchors').selectAll().where('chain', '=', CHAIN).orderBy('first_seq').execute();
    const latest = anchors[anchors.length - 1];
    const retainedFrom = latest ? new Date(latest.cutoff).toISOString() : null;
    let expected: string | null = null;
    let firstSeq: number | null = null;
    let checked = 0;
    let after = -1;
    for (;;) {
      const rows = await this.db
        .selectFrom('audit_log')
        .selectAll()
        .where('chain', '=', CHAIN)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(1000)
        .execute();
      for (const r of rows) {
        if (firstSeq === null) {
          firstSeq = r.seq;
          if (!latest) expected = GENESIS;
          else if (r.seq >= latest.first_seq) expected = latest.prev_hash;
          else expected = r.prev_hash; // retention is removing the records before latest.first_seq right now
          if (r.prev_hash !== expected)
            return { intact: false, checked, firstSeq, retainedFrom, breakAt: { seq: r.seq, reason: latest ? 'anchor' : 'link' } };
        }
        if (r.prev_hash !== expected) return { intact: false, checked, firstSeq, retainedFrom, breakAt: { seq: r.seq, reason: 'link' } };
        if (recordHash(r.prev_hash, r) !== r.hash)
          return { intact: false, checked, firstSeq, retainedFrom, breakAt: { seq: r.seq, reason: 'hash' } };
        expected = r.hash;
        checked++;
      }
      if (rows.length < 1000) break;
      after = rows[rows.length - 1]?.seq ?? after;
    }
    return { intact: true, checked, firstSeq, retainedFrom, breakAt: null };
  }

  /**
   * Retention: removes the records older than `days`, in batches, after noting in audit_anchors
   * where the chain now starts and the hash it links to (the triggers let only those go).
   * Returns how many were removed.
   */
  async purge(days: number, batchSize = PURGE_BATCH): Promise<number> {
    const cutoff = this.now() - days * DAY_MS;
    const firstKept = await this.db
      .selectFrom('audit_log')
      .select('seq')
      .where('chain', '=', CHAIN)
      .where('at', '>=', cutoff)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    const lastGone = await this.db
      .selectFrom('audit_log')
      .select(['seq', 'hash'])
      .where('chain', '=', CHAIN)
      .where('at', '<', cutoff)
      .$if(firstKept !== undefined, (q) => q.where('seq', '<', firstKept?.seq ?? 0))
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!lastGone) return 0;
    const firstSeq = firstKept?.seq ?? lastGone.seq + 1;
    await this.db
      .insertInto('audit_anchors')
      .values({ chain: CHAIN, first_seq: firstSeq, prev_hash: lastGone.hash, cutoff, at: this.now() })
      .onConflict((oc) => oc.columns(['chain', 'first_seq']).doNothing())
      .execute();
    let removed = 0;
    for (;;) {
      const batch = this.db
        .selectFrom('audit_log')
        .select('seq')
        .where('chain', '=', CHAIN)
        .where('seq', '<', firstSeq)
        .orderBy('seq')
        .limit(batchSize);
      const r = await this.db.deleteFrom('audit_log').where('seq', 'in', batch).executeTakeFirst();
      const n = Number(r.numDeletedRows);
      removed += n;
      if (n < batchSize) return removed;
    }
  }
}

/** The hash a new record links to: the chain's last record, or retention's note, or the genesis. */
async function lastHash(db: Kysely<Tables>, chain: string): Promise<string> {
  const last = await db
    .selectFrom('audit_log')
    .select('hash')
    .where('chain', '=', chain)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) return last.hash;
  const anchor = await db
    .selectFrom('audit_anchors')
    .select('prev_hash')
    .where('chain', '=', chain)
    .orderBy('first_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return anchor?.prev_hash ?? GENESIS;
}
