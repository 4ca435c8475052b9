import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import { ClaimSchema, RentalDebtSchema, type Claim, type RentalDebt } from '../../contract/claims.js';
import { ProjectSchema, RequiredDocumentSchema, type Project, type RequiredDocument } from '../../contract/projects.js';
import { declarableFrom } from '../../contract/months.js';
import { InitialSyncSchema, SyncPassesSchema, type InitialSync, type SyncPasses } from '../../contract/sync.js';
import type { ServerDb, Tables } from '../db/db.js';
import { inTransaction } from '../db/transaction.js';
import { causeInFlight, resourcesOf, type Cause } from '../events/causes.js';
import { inChunks } from '../in-chunks.js';
import { INBOX_VERSION, inboxOfProject } from '../inbox/rules.js';
import { claimInboxColumns, claimRow, debtRows, inboxColumns, projectRow, type ClaimSnapshot, type ProjectSnapshot } from './rows.js';

export const INITIAL_SYNC: InitialSync = {
  phase: 'projects',
  page: 1,
  projects: { done: 0, total: 0 },
  claims: { done: 0, total: 0 },
  startedAt: null,
  finishedAt: null,
  calls: 0,
};
export const NO_PASSES: SyncPasses = { current: null, last: null, lastError: null };

const RequiredListSchema = z.array(RequiredDocumentSchema);
const requiredOf = (json: string | null): RequiredDocument[] | null => (json === null ? null : RequiredListSchema.parse(JSON.parse(json)));

export type ReadTable = 'rm_claims' | 'rm_projects';

/**
 * A row's author columns: a state read while a write of the dashboard was in flight on it is that
 * write's (even unchanged: a write the fingerprint does not see still made the latest state); a
 * change read while none was is the partner's (null). See events/causes.ts.
 */
const authorOf = (c: Cause | null) => ({ written_by: c?.by ?? null, write_id: c?.write ?? null });

/** When the oldest row kept in `tables` was last read from the partner (null: none kept). */
export async function oldestRead(db: ServerDb, tables: readonly ReadTable[]): Promise<number | null> {
  const reads = await Promise.all(
    tables.map(async (table) => {
      const r = await db
        .selectFrom(table)
        .select((eb) => eb.fn.min('synced_at').as('at'))
        .executeTakeFirst();
      return r?.at === null || r?.at === undefined ? null : Number(r.at);
    }),
  );
  const known = reads.filter((x): x is number => x !== null);
  return known.length ? Math.min(...known) : null;
}

/**
 * The read model's writes and the sync's own state. Every write takes the database or a
 * transaction (`db`), so a webhook records its event id and the change in one commit.
 */
export class ReadModelStore {
  /**
   * Told when a read finds a kept project's status changed (a webhook's re-read, a write's, or the
   * reconciliation's pass): the followers' notifications. Called once the write is done, never
   * awaited (a webhook's transaction does not wait on it).
   */
  onProjectStatus: ((change: { id: string; status: number; updatedAt: string; by: string | null }) => void) | null = null;

  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Who made the state kept for a resource, as an event about it is received (see
   * events/causes.ts): a write of the dashboard in flight on it, else the row's author.
   */
  async causeOf(kind: 'claim' | 'project', id: string, projectId: string | null, db: ServerDb = this.db): Promise<Cause | null> {
    const key = id.toLowerCase();
    let row: { written_by: string | null; write_id: string | null } | undefined;
    let project = projectId;
    if (kind === 'claim') {
      const claim = await db
        .selectFrom('rm_claims')
        .select(['written_by', 'write_id', 'project_id'])
        .where('id', '=', key)
        .executeTakeFirst();
      row = claim;
      project = claim?.project_id ?? projectId;
    } else row = await db.selectFrom('rm_projects').select(['written_by', 'write_id']).where('id', '=', key).executeTakeFirst();
    const inFlight = await causeInFlight(db, resourcesOf([id, project]), this.now());
    if (inFlight !== undefined) return inFlight;
    return row?.written_by ? { by: row.written_by, write: row.write_id } : null;
  }

  /**
   * Writes what a read of a project gave; true when it changed what was kept (added, changed or
   * gone). A read that started before the one kept is stale (a pass's page read before a write's
   * re-read, say) and changes nothing: each write below holds only while the row kept was read no
   * later than this one (`synced_at <= readAt`), so two applies racing keep the later read.
   */
  async applyProject(s: ProjectSnapshot, db: ServerDb = this.db): Promise<boolean> {
    const id = s.id.toLowerCase();
    const notLater = (eb: ExpressionBuilder<Tables, 'rm_projects'>) => eb('rm_projects.synced_at', '<=', s.readAt);
    const kept = await db.selectFrom('rm_projects').select(['fingerprint', 'status']).where('id', '=', id).executeTakeFirst();
    if (!s.project) {
      if (!kept) return false;
      const r = await db.deleteFrom('rm_projects').where('id', '=', id).where(notLater).executeTakeFirst();
      return r.numDeletedRows > 0n;
    }
    const inFlight = await causeInFlight(db, [id], this.now());
    const row = { ...projectRow({ ...s, project: s.project }), ...authorOf(inFlight ?? null) };
    if (kept?.fingerprint === row.fingerprint) {
      await db
        .updateTable('rm_projects')
        .set({ synced_at: s.readAt, ...(inFlight === undefined ? {} : authorOf(inFlight)) })
        .where('id', '=', id)
        .where(notLater)
        .execute();
      return false;
    }
    const r = await db
      .insertInto('rm_projects')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where(notLater))
      .executeTakeFirst();
    const changed = (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
    if (changed && kept && Number(kept.status) !== row.status && this.onProjectStatus)
      this.onProjectStatus({ id, status: row.status, updatedAt: row.updated_at, by: row.written_by });
    return changed;
  }

  /** Writes what a read of a claim gave, its months with it; true when it changed what was kept (a stale read: see applyProject). */
  async applyClaim(s: ClaimSnapshot, db: ServerDb = this.db): Promise<boolean> {
    const id = s.id.toLowerCase();
    const notLater = (eb: ExpressionBuilder<Tables, 'rm_claims'>) => eb('rm_claims.synced_at', '<=', s.readAt);
    const kept = await db.selectFrom('rm_claims').select('fingerprint').where('id', '=', id).executeTakeFirst();
    if (!s.claim) {
      if (!kept) return false;
      const r = await db.deleteFrom('rm_claims').where('id', '=', id).where(notLater).executeTakeFirst();
      if (r.numDeletedRows === 0n) return false;
      await db.deleteFrom('rm_debts').where('claim_id', '=', id).execute();
      return true;
    }
    const inFlight = await causeInFlight(db, resourcesOf([id, s.claim.projectId]), this.now());
    const row = { ...claimRow({ ...s, claim: s.claim }), ...authorOf(inFlight ?? null) };
    if (kept?.fingerprint === row.fingerprint) {
      await db
        .updateTable('rm_claims')
        .set({ synced_at: s.readAt, ...(inFlight === undefined ? {} : authorOf(inFlight)) })
        .where('id', '=', id)
        .where(notLater)
        .execute();
      return false;
    }
    const r = await db
      .insertInto('rm_claims')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row).where(notLater))
      .executeTakeFirst();
    if ((r.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
    await db.deleteFrom('rm_debts').where('claim_id', '=', id).execute();
    const debts = debtRows(s.claim, s.debts);
    for (let i = 0; i < debts.length; i += 100)
      await db
        .insertInto('rm_debts')
        .values(debts.slice(i, i + 100))
        .execute();
    return true;
  }

  /**
   * Works the work queue's columns (and their months' declarable_from) out again for the rows kept
   * under older rules than INBOX_VERSION (or before they existed), from what each row holds: no partner call. `batch` rows at a time,
   * each batch in one transaction; the number of rows recomputed.
   */
  async refreshInbox(batch = 200): Promise<number> {
    const projects = await this.inBatches(
      () =>
        this.db
          .selectFrom('rm_projects')
          .select(['id', 'data', 'required'])
          .where('inbox_version', '<', INBOX_VERSION)
          .limit(batch)
          .execute(),
      async (rows, trx) => {
        for (const r of rows) {
          const project = ProjectSchema.parse(JSON.parse(r.data));
          const columns = inboxColumns(inboxOfProject(project, requiredOf(r.required)), project.profile);
          await trx.updateTable('rm_projects').set(columns).where('id', '=', r.id).execute();
        }
      },
    );
    const claims = await this.inBatches(
      () =>
        this.db
          .selectFrom('rm_claims')
          .select(['id', 'data', 'required'])
          .where('inbox_version', '<', INBOX_VERSION)
          .limit(batch)
          .execute(),
      async (rows, trx) => {
        const months = await inChunks(
          rows.map((c) => c.id),
          (chunk) =>
            trx
              .selectFrom('rm_debts')
              .select(['claim_id', 'id', 'status', 'rent_due_date', 'receipt_status', 'declarable_from'])
              .where('claim_id', 'in', chunk)
              .execute(),
        );
        const byClaim = new Map<string, typeof months>();
        for (const m of months) {
          const kept = byClaim.get(m.claim_id);
          if (kept) kept.push(m);
          else byClaim.set(m.claim_id, [m]);
        }
        for (const r of rows) {
          const claim = ClaimSchema.parse(JSON.parse(r.data));
          const debts = (byClaim.get(r.id) ?? []).map((m) => ({
            id: m.id,
            status: m.status,
            rentDueDate: m.rent_due_date,
            receiptStatus: m.receipt_status,
          }));
          await trx
            .updateTable('rm_claims')
            .set(claimInboxColumns(claim, debts, requiredOf(r.required)))
            .where('id', '=', r.id)
            .execute();
          // the months' "to declare from" day, by the same rules the columns above follow
          for (const m of byClaim.get(r.id) ?? []) {
            const from = declarableFrom(claim.rentDueDate, { id: m.id, status: m.status, rentDueDate: m.rent_due_date });
            if (from !== m.declarable_from)
              await trx
                .updateTable('rm_debts')
                .set({ declarable_from: from })
                .where('claim_id', '=', m.claim_id)
                .where('rent_due_date', '=', m.rent_due_date)
                .execute();
          }
        }
      },
    );
    return projects + claims;
  }

  /** Reads `next` batch after batch until it is empty, each batch handled by `each` in one transaction; the rows handled. */
  private async inBatches<R>(next: () => Promise<R[]>, each: (rows: R[], trx: ServerDb) => Promise<void>): Promise<number> {
    let done = 0;
    for (let rows = await next(); rows.length > 0; rows = await next()) {
      await this.transaction((trx) => each(rows, trx));
      done += rows.length;
    }
    return done;
  }

  /** Runs fn in one transaction (a page of the initial sync, a batch), again if PostgreSQL aborted it for another writer. */
  transaction<T>(fn: (trx: ServerDb) => Promise<T>): Promise<T> {
    return inTransaction(this.db, fn);
  }

  /**
   * Rows a list read at `readAt` gave as they are kept, with nothing else to read (a project that
   * takes no documents, a closed claim: its months no longer change): read, nothing differs. One
   * statement per page, not one per row.
   */
  async touch(table: ReadTable, ids: readonly string[], readAt: number): Promise<void> {
    await inChunks(ids, async (chunk) => {
      await this.db
        .updateTable(table)
        .set({ synced_at: readAt })
        .where(
          'id',
          'in',
          chunk.map((id) => id.toLowerCase()),
        )
        .where('synced_at', '<=', readAt)
        .execute();
      return [];
    });
  }

  /** The projects kept among `ids`: each as the partner listed it (JSON) and when it was last read whole. */
  async projectsKept(ids: readonly string[]): Promise<Map<string, { data: string; syncedAt: number }>> {
    const rows = await inChunks(ids, (chunk) =>
      this.db
        .selectFrom('rm_projects')
        .select(['id', 'data', 'synced_at'])
        .where(
          'id',
          'in',
          chunk.map((id) => id.toLowerCase()),
        )
        .execute(),
    );
    return new Map(rows.map((r) => [r.id, { data: r.data, syncedAt: Number(r.synced_at) }]));
  }

  /**
   * The claims kept among `ids`: each as the partner listed it (JSON), when it was last read whole
   * (with its months), and the due date of its last month kept (null: none).
   */
  async claimsKept(ids: readonly string[]): Promise<Map<string, { data: string; syncedAt: number; lastMonth: string | null }>> {
    const keys = ids.map((id) => id.toLowerCase());
    const rows = await inChunks(keys, (chunk) =>
      this.db.selectFrom('rm_claims').select(['id', 'data', 'synced_at']).where('id', 'in', chunk).execute(),
    );
    const last = await inChunks(keys, (chunk) =>
      this.db
        .selectFrom('rm_debts')
        .select((eb) => ['claim_id', eb.fn.max('rent_due_date').as('last')])
        .where('claim_id', 'in', chunk)
        .groupBy('claim_id')
        .execute(),
    );
    const lastOf = new Map(last.map((r) => [r.claim_id, r.last]));
    return new Map(rows.map((r) => [r.id, { data: r.data, syncedAt: Number(r.synced_at), lastMonth: lastOf.get(r.id) ?? null }]));
  }

  async projectIdsReadBefore(at: number): Promise<string[]> {
    const rows = await this.db.selectFrom('rm_projects').select('id').where('synced_at', '<', at).execute();
    return rows.map((r) => r.id);
  }

  async claimsReadBefore(at: number): Promise<{ id: string; projectId: string }[]> {
    const rows = await this.db.selectFrom('rm_claims').select(['id', 'project_id']).where('synced_at', '<', at).execute();
    return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
  }

  async claimProject(id: string): Promise<string | null> {
    const r = await this.db.selectFrom('rm_claims').select('project_id').where('id', '=', id.toLowerCase()).executeTakeFirst();
    return r?.project_id ?? null;
  }

  /** A claim as the partner last listed it (null: not kept). */
  async claimEntry(id: string): Promise<Claim | null> {
    const r = await this.db.selectFrom('rm_claims').select('data').where('id', '=', id.toLowerCase()).executeTakeFirst();
    return r ? ClaimSchema.parse(JSON.parse(r.data)) : null;
  }

  /** The oldest read behind what is served (null: nothing kept yet). */
  async oldestRead(): Promise<number | null> {
    return oldestRead(this.db, ['rm_projects', 'rm_claims']);
  }

  async initial(): Promise<InitialSync> {
    return this.readState('initial', InitialSyncSchema, INITIAL_SYNC);
  }

  async saveInitial(s: InitialSync, now: number): Promise<void> {
    await this.writeState('initial', s, now);
  }

  async passes(): Promise<SyncPasses> {
    return this.readState('passes', SyncPassesSchema, NO_PASSES);
  }

  async savePasses(s: SyncPasses, now: number): Promise<void> {
    await this.writeState('passes', s, now);
  }

  private async readState<T>(name: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const r = await this.db.selectFrom('rm_sync').select('state').where('name', '=', name).executeTakeFirst();
    if (!r) return fallback;
    const parsed = schema.safeParse(JSON.parse(r.state));
    return parsed.success ? parsed.data : fallback;
  }

  private async writeState(name: string, state: unknown, now: number): Promise<void> {
    const row = { name, state: JSON.stringify(state), updated_at: now };
    await this.db
      .insertInto('rm_sync')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet({ state: row.state, updated_at: now }))
      .execute();
  }

  /**
   * Takes or renews the lease `name` for `holder` until now + ttl: true when held. A lease whose
   * holder stopped renewing (it died) is taken over once it has run out; two replicas asking at
   * once cannot both get it (the row is updated under its lock, the condition checked again).
   */
  async acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    await this.db
      .insertInto('rm_lease')
      .values({ name, holder, until: now + ttlMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await this.db
      .updateTable('rm_lease')
      .set({ holder, until: now + ttlMs })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Gives the lease up (a graceful stop): another replica takes it at its next try. */
  async release(name: string, holder: string): Promise<void> {
    await this.db.updateTable('rm_lease').set({ until: 0 }).where('name', '=', name).where('holder', '=', holder).execute();
  }

  async holder(name: string, now: number): Promise<string | null> {
    const r = await this.db.selectFrom('rm_lease').select(['holder', 'until']).where('name', '=', name).executeTakeFirst();
    return r && Number(r.until) >= now ? r.holder : null;
  }

  /** A project as kept (null: not kept), parsed with the contract's schemas. */
  async project(id: string): Promise<{ project: Project; required: RequiredDocument[] | null; syncedAt: number } | null> {
    const r = await this.db.selectFrom('rm_projects').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
    if (!r) return null;
    return {
      project: ProjectSchema.parse(JSON.parse(r.data)),
      required: r.required === null ? null : RequiredListSchema.parse(JSON.parse(r.required)),
      syncedAt: Number(r.synced_at),
    };
  }

  /** A claim as kept with its months (in order), parsed with the contract's schemas. */
  async claim(id: string): Promise<{ claim: Claim; debts: RentalDebt[]; required: RequiredDocument[] | null; syncedAt: number } | null> {
    const key = id.toLowerCase();
    const r = await this.db.selectFrom('rm_claims').selectAll().where('id', '=', key).executeTakeFirst();
    if (!r) return null;
    const debts = await this.db.selectFrom('rm_debts').select('data').where('claim_id', '=', key).orderBy('rent_due_date').execute();
    return {
      claim: ClaimSchema.parse(JSON.parse(r.data)),
      debts: debts.map((d) => RentalDebtSchema.parse(JSON.parse(d.data))),
      required: r.required === null ? null : RequiredListSchema.parse(JSON.parse(r.required)),
      syncedAt: Number(r.synced_at),
    };
  }

  /** Counts (tests, the bench). */
  async counts(): Promise<{ projects: number; claims: number; debts: number }> {
    const n = async (t: 'rm_projects' | 'rm_claims' | 'rm_debts') =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)}`.execute(this.db)).rows[0]?.n ?? 0);
    return { projects: await n('rm_projects'), claims: await n('rm_claims'), debts: await n('rm_debts') };
  }
}
