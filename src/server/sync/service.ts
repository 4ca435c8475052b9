import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { GuidSchema } from '../../contract/common.js';
import type { Claim } from '../../contract/claims.js';
import { addMonths, partnerToday } from '../../contract/dates.js';
import { claimAwaitsDocuments, isClaimOpen, projectTakesDocuments } from '../../contract/lifecycle.js';
import { isMonthDue } from '../../contract/months.js';
import type { Operation } from '../../contract/paths.js';
import type { InitialSync, SyncPass, SyncState } from '../../contract/sync.js';
import type { ServerDb } from '../db/db.js';
import type { Cause } from '../events/causes.js';
import { CallBudget } from './budget.js';
import { PAGE_SIZE } from '../upstream/pages.js';
import type { Pace, PartnerReads } from './partner.js';
import type { ClaimSnapshot, ProjectSnapshot } from './rows.js';
import type { ReadModelStore } from './store.js';

export interface SyncOptions {
  /** Run the initial sync and the reconciliation passes here when this replica holds the lease (tests start them by hand). */
  background: boolean;
  /** A full pass starts at most this often (SYNC_PERIOD_MINUTES). */
  periodMs: number;
  /** The partner calls the sync may make per minute (SYNC_CALLS_PER_MINUTE). */
  callsPerMinute: number;
  /** The initial sync's reads at once. */
  concurrency: number;
  /** How long the lease holds unless renewed (SYNC_LEASE_SECONDS). */
  leaseMs: number;
  /** How often its holder renews it and the others try for it: a third of the lease unless given. */
  renewMs?: number;
  /**
   * The partner calls a paced pass plans: PASS_SHARE of the period's budget unless given (a test
   * gives a small one without slowing its pace).
   */
  passCalls?: number;
}

export const SYNC_DEFAULTS: Omit<SyncOptions, 'periodMs' | 'callsPerMinute' | 'leaseMs'> = {
  background: true,
  concurrency: 4,
};

const LEASE = 'sync';

/** A pass or an initial sync stopped midway (the lease lost, the server closing): not an error. */
class Stopped extends Error {}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The share of the period's budget a paced pass plans to spend: the rest is for the re-reads webhooks and writes ask for. */
export const PASS_SHARE = 0.9;

/** A list's pages at the partner's page size. */
const pagesOf = (rows: number) => Math.ceil(rows / PAGE_SIZE);

/** An entity a pass listed as it is kept, whose own reads it left to its sweep. */
interface Unread {
  kind: 'project' | 'claim';
  id: string;
  /** When it was last read whole: the sweep reads the longest unread first. */
  syncedAt: number;
  /** When its list page was read: the entry the sweep writes again is that read's. */
  readAt: number;
  /** Its own partner calls. */
  cost: number;
}

/**
 * Whether the calendar made a month due that the kept months of an open claim lack: the partner
 * lists a claim's months up to the current one, and no event says a month has come.
 */
function calendarMoved(claim: Claim, lastMonth: string | null, today: string): boolean {
  if (lastMonth === null) return true;
  return isMonthDue(claim.rentDueDate, addMonths(lastMonth, 1), today);
}

/**
 * Keeps the read model (store.ts) equal to the partner:
 * - syncProject / syncClaim re-read one entity (a webhook's hint, a write made here) and write it;
 * - the initial sync reads both lists page by page (bounded concurrency), its cursor in the
 *   database so a restart resumes it;
 * - reconciliation passes re-read everything within the call budget, count what differed (drift)
 *   and forget what the partner no longer has.
 * With several replicas, only the lease's holder runs the initial sync and the passes.
 */
/** An id a partner event's payload names (a hint of where to look, never trusted further). */
function idIn(data: Record<string, unknown>, key: string): string | null {
  const parsed = GuidSchema.safeParse(data[key]);
  return parsed.success ? parsed.data : null;
}

export class SyncService {
  readonly budget: CallBudget;
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private stopped = false;
  private leaseHeld = false;
  /** The work queue's columns of rows kept under older rules were recomputed (once per start, by the lease's holder). */
  private inboxRefreshed = false;
  /** The passes of this replica, one after the other; `preempted` counts the passes asked for at once (each stops the one running). */
  private passes: Promise<unknown> = Promise.resolve();
  private preempted = 0;
  private loop: Promise<void> | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private readonly renewMs: number;
  private readonly passCalls: number;

  constructor(
    private readonly store: ReadModelStore,
    private readonly reads: PartnerReads,
    readonly options: SyncOptions,
    private readonly log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
    private readonly now: () => number = Date.now,
    /** The partner's today (a pass sees which months the calendar made due). */
    private readonly today: () => Promise<string> = async () => partnerToday(),
  ) {
    this.budget = new CallBudget(options.callsPerMinute, now);
    this.renewMs = options.renewMs ?? Math.round(options.leaseMs / 3);
    this.passCalls = options.passCalls ?? Math.floor(((options.callsPerMinute * options.periodMs) / 60_000) * PASS_SHARE);
  }

  /** A sync asked by a webhook or a write: spends its calls at once (see CallBudget). */
  private readonly spend: Pace = async () => this.budget.spend();

  readProject(id: string): Promise<ProjectSnapshot> {
    return this.reads.project(id, this.spend);
  }

  async readClaim(id: string, projectHint?: string | null): Promise<ClaimSnapshot> {
    const projectId = (await this.store.claimProject(id)) ?? projectHint ?? null;
    return this.reads.claim(id, projectId, this.spend);
  }

  /**
   * What a partner event names, re-read (its payload only says where to look: a project's id, or
   * a claim's id with its project's as a hint); null when it names nothing the read model keeps.
   */
  async readFor(type: string, data: Record<string, unknown>): Promise<ProjectSnapshot | ClaimSnapshot | null> {
    const projectId = idIn(data, 'projectId');
    if (type.startsWith('project.')) return projectId ? this.readProject(projectId) : null;
    const claimId = idIn(data, 'claimId');
    return claimId ? this.readClaim(claimId, projectId) : null;
  }

  /** Who made the state a partner event reports, once its snapshot is applied (in the webhook's transaction). */
  causeOf(type: string, data: Record<string, unknown>, db?: ServerDb): Promise<Cause | null> {
    const projectId = idIn(data, 'projectId');
    const claimId = type.startsWith('project.') ? null : idIn(data, 'claimId');
    if (claimId) return this.store.causeOf('claim', claimId, projectId, db);
    return projectId ? this.store.causeOf('project', projectId, null, db) : Promise.resolve(null);
  }

  /** Writes a snapshot (in the webhook's transaction when given one). */
  apply(s: ProjectSnapshot | ClaimSnapshot, db?: ServerDb): Promise<boolean> {
    return 'project' in s ? this.store.applyProject(s, db) : this.store.applyClaim(s, db);
  }

  async syncProject(id: string): Promise<boolean> {
    return this.apply(await this.readProject(id));
  }

  async syncClaim(id: string, projectHint?: string | null): Promise<boolean> {
    return this.apply(await this.readClaim(id, projectHint));
  }

  /**
   * A write the partner accepted through this server: re-read what it touched (a creation names
   * its new id in the answer), so the lists show it when the user comes back to them.
   */
  async afterWrite(op: Pick<Operation, 'id' | 'method' | 'area'>, params: readonly string[], answer: unknown): Promise<void> {
    if (op.method === 'GET' || op.id === 'getScore') return;
    const created = typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'string' ? answer.id : null;
    if (op.id === 'createClaim') {
      if (created) await this.syncClaim(created, params[0] ?? null);
    } else if (op.id === 'createProject') {
      if (created) await this.syncProject(created);
    } else if (params[0]) await (op.area === 'claims' ? this.syncClaim(params[0]) : this.syncProject(params[0]));
  }

  /**
   * A back-office step of the sandbox: on one entity, it is re-read. A reset (every project and
   * claim replaced) or a move of the clock (every claim's months due and deadline statuses follow
   * the day): a pass now, unpaced, which the step's answer waits for; it stops the pass running,
   * which may have read entities while the clock stood elsewhere. So the lists show the sandbox as
   * it now is, not until a paced pass comes round (sandbox mode only: demo-sized data, a few
   * hundred calls to the embedded sandbox).
   */
  async afterBackOffice(area: 'claims' | 'projects' | 'everything', id: string | null): Promise<void> {
    if (area === 'everything') await this.runPass({ now: true });
    else if (id) await (area === 'claims' ? this.syncClaim(id) : this.syncProject(id));
  }

  /** The initial sync, from where it stopped: both lists, page by page; each page committed with its cursor. */
  async runInitial(): Promise<InitialSync> {
    try {
      return await this.initialFromCursor();
    } catch (err) {
      // the partner's answer, for the screens and probes that say why the first sync has not completed
      if (!(err instanceof Stopped)) {
        const passes = await this.store.passes();
        await this.store.savePasses({ ...passes, lastError: { at: this.now(), message: message(err) } }, this.now());
      }
      throw err;
    }
  }

  private async initialFromCursor(): Promise<InitialSync> {
    let s = await this.store.initial();
    if (s.phase === 'done') return s;
    const limit = pLimit(this.options.concurrency);
    const pace: Pace = async () => {
      if (this.stopped) throw new Stopped();
      this.budget.spend();
      s.calls++;
    };
    s = { ...s, startedAt: s.startedAt ?? this.now() };
    if (s.phase === 'projects')
      for await (const { list, last } of this.reads.projectPages(pace, s.page)) {
        const { readAt } = list;
        const snaps = await Promise.all(list.items.map((p) => limit(() => this.reads.project(p.id, pace, { project: p, readAt }))));
        await this.store.transaction(async (trx) => {
          for (const snap of snaps) await this.store.applyProject(snap, trx);
        });
        s = {
          ...s,
          projects: { done: s.projects.done + snaps.length, total: list.total },
          ...(last ? { phase: 'claims' as const, page: 1 } : { page: s.page + 1 }),
        };
        await this.store.saveInitial(s, this.now());
      }
    if (s.phase === 'claims')
      for await (const { list, last } of this.reads.claimPages(pace, s.page)) {
        const { readAt } = list;
        const snaps = await Promise.all(list.items.map((c) => limit(() => this.reads.claimDetail(c, readAt, pace))));
        await this.store.transaction(async (trx) => {
          for (const snap of snaps) await this.store.applyClaim(snap, trx);
        });
        s = {
          ...s,
          claims: { done: s.claims.done + snaps.length, total: list.total },
          ...(last ? { phase: 'done' as const, finishedAt: this.now() } : { page: s.page + 1 }),
        };
        await this.store.saveInitial(s, this.now());
      }
    this.log.info({ initial: s }, 'read model: initial sync done');
    return s;
  }

  /**
   * One reconciliation pass, paced by the call budget. Both lists are read whole every pass (a
   * project's entry is the project; a claim's entry its figures), and what they give is written
   * as it comes. What needs a read of its own (an open claim's months and, before apply, its
   * documents; a project's required documents while it takes them) is read:
   * - at once when the list shows it changed (its entry differs from the one kept, or it is new),
   *   and for an open claim whose kept months stop before a month the calendar has made due
   *   (the partner lists every month up to today's, a webhook does not say so);
   * - otherwise, the longest unread first, as many as the pass's share of the period's budget
   *   leaves (`passCalls`), so a pass ends within its period whatever the organization's size;
   *   what is left is read first by the next pass (`left`).
   * Then what was not listed is re-read by id and forgotten when the partner no longer has it.
   * A pass asked for now (a sandbox reset, a move of its clock: every claim's months may have
   * changed) reads everything, unpaced.
   */
  async runPass(o: { now?: boolean } = {}): Promise<SyncPass> {
    // one pass at a time here; one asked for now stops the one running, which ends as Stopped
    const ticket = o.now ? ++this.preempted : this.preempted;
    const run = this.passes.then(() => this.pass(ticket, o.now === true));
    this.passes = run.catch(() => undefined);
    return run;
  }

  /** A pass paced by the call budget, or (`now`) spending it at once, like a write's re-read. */
  private async pass(ticket: number, now: boolean): Promise<SyncPass> {
    const pass: SyncPass = { startedAt: this.now(), finishedAt: null, done: 0, drift: 0, calls: 0, errors: 0, left: 0 };
    const stop = () => this.stopped || ticket !== this.preempted || (!now && this.options.background && !this.leaseHeld);
    const pace: Pace = async () => {
      if (now ? stop() : !(await this.budget.take(stop))) throw new Stopped();
      if (now) this.budget.spend();
      pass.calls++;
    };
    const save = async (lastError?: unknown) => {
      const passes = await this.store.passes();
      await this.store.savePasses(
        {
          current: pass.finishedAt === null ? pass : null,
          last: pass.finishedAt === null ? passes.last : pass,
          lastError: lastError === undefined ? passes.lastError : { at: this.now(), message: message(lastError) },
        },
        this.now(),
      );
    };
    /** One entity: an error is counted and the pass goes on (the next pass tries again). */
    const each = async (what: () => Promise<boolean>) => {
      try {
        if (await what()) pass.drift++;
      } catch (err) {
        if (err instanceof Stopped) throw err;
        pass.errors++;
        await save(err);
      }
      pass.done++;
    };
    const allowance = now ? Number.POSITIVE_INFINITY : this.passCalls;
    // the calls made or promised (a read given its turn below): a read is given one only when the
    // plan leaves room for it and for the lists' pages still to read (from the rows kept, then from
    // the partner's totals)
    let planned = 0;
    const kept = await this.store.counts();
    let pagesLeft = { projects: pagesOf(kept.projects), claims: pagesOf(kept.claims) };
    const fits = (cost: number) => planned + cost + pagesLeft.projects + pagesLeft.claims <= allowance;
    /** Listed, kept as they are, their own read left to the sweep below (the longest unread first). */
    const unread: Unread[] = [];
    /** Listed and changed, their own read left to the next pass (no room in this one): not forgotten below. */
    const postponed = new Set<string>();
    const today = await this.today();
    // a few reads at once (each waits for its call's turn): the pass keeps its pace when each of
    // the partner's answers takes longer than the budget's interval between two calls
    const limit = pLimit(this.options.concurrency);
    const together = async (reads: (() => Promise<boolean>)[]) => {
      const ended = await Promise.allSettled(reads.map((read) => limit(() => each(read))));
      const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
      if (failed) throw failed.reason;
    };
    // each entity written in a transaction of its own, run again when PostgreSQL aborts it for
    // another writer (the reads above write at once; the counters kept by triggers are shared)
    const write = (snapshot: ProjectSnapshot | ClaimSnapshot) => this.store.transaction((trx) => this.apply(snapshot, trx));

    await save();
    for await (const { page: n, list } of this.reads.projectPages(pace)) {
      planned++; // the page just read
      const { readAt } = list;
      pagesLeft = { ...pagesLeft, projects: Math.max(0, pagesOf(list.total) - n) };
      const keptRows = await this.store.projectsKept(list.items.map((p) => p.id));
      const same: string[] = [];
      const reads: (() => Promise<boolean>)[] = [];
      for (const p of list.items) {
        const row = keptRows.get(p.id.toLowerCase());
        const unchanged = row?.data === JSON.stringify(p);
        const read = async () => write(await this.reads.project(p.id, pace, { project: p, readAt }));
        if (!projectTakesDocuments(p.status)) {
          // the entry is the whole project: nothing else to read
          if (unchanged) same.push(p.id);
          else reads.push(read);
        } else if (unchanged && row) unread.push({ kind: 'project', id: p.id, syncedAt: row.syncedAt, readAt, cost: 1 });
        else if (fits(1)) {
          planned += 1;
          reads.push(read);
        } else postponed.add(p.id.toLowerCase());
      }
      await together(reads);
      await this.store.touch('rm_projects', same, readAt);
      pass.done += same.length;
      await save();
    }
    for await (const { page: n, list } of this.reads.claimPages(pace)) {
      planned++; // the page just read
      const { readAt } = list;
      pagesLeft = { ...pagesLeft, claims: Math.max(0, pagesOf(list.total) - n) };
      const keptRows = await this.store.claimsKept(list.items.map((c) => c.id));
      const same: string[] = [];
      const reads: (() => Promise<boolean>)[] = [];
      for (const c of list.items) {
        const row = keptRows.get(c.id.toLowerCase());
        const unchanged = row?.data === JSON.stringify(c);
        const cost = claimAwaitsDocuments(c.status) ? 2 : 1;
        // a closed claim listed as it was kept: its months no longer change, no need to re-read them
        if (!isClaimOpen(c.status) && unchanged) same.push(c.id);
        else if (unchanged && row && !calendarMoved(c, row.lastMonth, today))
          unread.push({ kind: 'claim', id: c.id, syncedAt: row.syncedAt, readAt, cost });
        else if (fits(cost)) {
          planned += cost;
          reads.push(async () => write(await this.reads.claimDetail(c, readAt, pace)));
        } else postponed.add(c.id.toLowerCase());
      }
      await together(reads);
      await this.store.touch('rm_claims', same, readAt);
      pass.done += same.length;
      await save();
    }
    // the sweep: listed as kept, read again the longest unread first, as the plan allows
    unread.sort((a, b) => a.syncedAt - b.syncedAt);
    const swept: (() => Promise<boolean>)[] = [];
    for (const u of unread) {
      if (fits(u.cost)) {
        planned += u.cost;
        swept.push(async () => write(await this.sweep(u, pace)));
      } else postponed.add(u.id.toLowerCase());
    }
    await together(swept);
    pass.left = postponed.size;
    // not listed during the pass (gone, or moved between pages while they were read): by id
    for (const id of await this.store.projectIdsReadBefore(pass.startedAt))
      if (!postponed.has(id)) await each(async () => write(await this.reads.project(id, pace)));
    for (const c of await this.store.claimsReadBefore(pass.startedAt))
      if (!postponed.has(c.id)) await each(async () => write(await this.reads.claim(c.id, c.projectId, pace)));
    pass.finishedAt = this.now();
    await save();
    this.log.info({ pass }, 'read model: reconciliation pass done');
    return pass;
  }

  /** What the sweep reads of an entity listed as kept: its own reads, with the entry as listed (the one kept). */
  private async sweep(u: Unread, pace: Pace): Promise<ProjectSnapshot | ClaimSnapshot> {
    if (u.kind === 'project') {
      const project = (await this.store.project(u.id))?.project;
      return project ? this.reads.project(u.id, pace, { project, readAt: u.readAt }) : this.reads.project(u.id, pace);
    }
    const claim = await this.store.claimEntry(u.id);
    return claim ? this.reads.claimDetail(claim, u.readAt, pace) : this.reads.claim(u.id, null, pace);
  }

  /** Starts the background work: the lease, the initial sync, then a pass every period. */
  start(): void {
    if (!this.options.background || this.loop) return;
    const renew = async () => {
      try {
        this.leaseHeld = await this.store.acquire(LEASE, this.holder, this.options.leaseMs, this.now());
      } catch (err) {
        this.leaseHeld = false;
        this.log.warn({ err }, 'read model: could not take or renew the sync lease');
      }
    };
    this.renewTimer = setInterval(() => void renew(), this.renewMs);
    this.renewTimer.unref();
    this.loop = (async () => {
      while (!this.stopped) {
        await renew();
        if (this.leaseHeld) {
          try {
            if (!this.inboxRefreshed) {
              const n = await this.store.refreshInbox();
              if (n > 0) this.log.info({ rows: n }, 'read model: work queue columns worked out again (rules changed)');
              this.inboxRefreshed = true;
            }
            const initial = await this.store.initial();
            if (initial.phase !== 'done') await this.runInitial();
            const passes = await this.store.passes();
            const lastStart = passes.last?.startedAt ?? (await this.store.initial()).startedAt ?? 0;
            if (this.now() - lastStart >= this.options.periodMs) await this.runPass();
          } catch (err) {
            if (!(err instanceof Stopped)) {
              this.log.warn({ err }, 'read model: sync stopped by an error, tried again later');
              const passes = await this.store.passes().catch(() => null);
              if (passes)
                await this.store
                  .savePasses({ ...passes, lastError: { at: this.now(), message: message(err) } }, this.now())
                  .catch(() => undefined);
            }
          }
        }
        await this.sleep(this.renewMs);
      }
    })();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Stops the background work and gives the lease up (another replica takes it at once). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.wake?.();
    await this.loop;
    if (this.leaseHeld) await this.store.release(LEASE, this.holder).catch(() => undefined);
    this.leaseHeld = false;
  }

  async state(): Promise<SyncState> {
    const now = this.now();
    const oldest = await this.store.oldestRead();
    return {
      initial: await this.store.initial(),
      passes: await this.store.passes(),
      holder: await this.store.holder(LEASE, now),
      lagMs: oldest === null ? null : now - oldest,
      periodMs: this.options.periodMs,
      callsPerMinute: this.options.callsPerMinute,
      now,
    };
  }
}
