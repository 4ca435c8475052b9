import { setImmediate } from 'node:timers/promises';
import { ClaimStatus } from '../../contract/enums.js';
import type { AuditDetails, AuditOperation } from '../../contract/audit.js';
import { NOTIFICATION_URGENT, type FollowedKind, type NotificationKind, type NotificationParams } from '../../contract/follows.js';
import { may } from '../../contract/access.js';
import type { Role } from '../../contract/session.js';
import type { ProjectScope } from '../access/scope.js';
import type { Bus } from '../db/bus.js';
import type { LoggedEvent } from '../events/hub.js';
import type { Follower, FollowStore } from './store.js';

/** Partner changes of one file and kind within this window are summed up in one notification (a flood stays bounded). */
export const GROUP_WINDOW_MS = 10 * 60_000;

/** A recorded change made through the dashboard, as the audit trail holds it (the successful ones only reach here). */
export interface RecordedWrite {
  seq: number;
  actorId: string | null;
  actorName: string | null;
  operation: AuditOperation;
  projectId: string | null;
  claimId: string | null;
  details: AuditDetails;
}

/** One change on one file, said to its followers but its author. */
interface Change {
  kind: NotificationKind;
  file: { kind: FollowedKind; id: string };
  params: NotificationParams;
  /** Who made it (e-mail and name); null: the partner. */
  actor: { email: string; name: string } | null;
  sourceKey: string;
  groupKey?: string | null;
  /** The followers of these files are told too (a claim opened on a followed project). */
  alsoFollowersOf?: { kind: FollowedKind; id: string };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const monthOf = (v: unknown): string[] | undefined => {
  const s = str(v);
  return s && /^\d{4}-\d{2}/.test(s) ? [s.slice(0, 7)] : undefined;
};

export interface NotifierOptions {
  store: FollowStore;
  scope: ProjectScope;
  bus: Bus;
  now: () => number;
  /** An urgent notification just stored for a person (her e-mail choice decides whether it leaves now). */
  urgent?: (to: Follower, notificationId: string) => void;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Turns changes into notifications. Where each comes from:
 * - a change made through the dashboard: from its audit record (fromWrite), which names its
 *   author; the partner's events that echo it (a payment spread over several months updates each)
 *   are known by the read model as that person's (events/causes.ts) and say nothing more;
 * - a change the partner made alone: from its event (fromPartnerEvent), once per event id (the
 *   hub stores each id once: a repeated event never reaches here), summed up per claim and kind
 *   within GROUP_WINDOW_MS;
 * - a project's status: from the read model when a read finds it changed (projectStatus), a
 *   webhook's or the reconciliation's (in live mode the partner sends no project events: the hourly
 *   pass brings them).
 * Each follower but the author is told, if she is active and may still see the file.
 */
/**
 * Work taken one at a time, in the order it came, the event loop turning before each: a burst
 * (thousands of partner events, each answered at once) waits here as a list of small tasks rather
 * than running all at once. On SQLite every query of such a burst is answered without the loop
 * turning, and the database driver's native statements and results are freed only when it turns:
 * all at once, they piled up until the burst ended, and no request was answered meanwhile.
 */
class Lane {
  private readonly queue: (() => Promise<unknown>)[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly failed: (err: unknown) => void) {}

  push(what: () => Promise<unknown>): void {
    this.queue.push(what);
    this.draining ??= this.drain();
  }

  get busy(): boolean {
    return this.draining !== null;
  }

  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      for (let what = this.queue.shift(); what; what = this.queue.shift()) {
        await setImmediate();
        await what().catch(this.failed);
      }
    } finally {
      // in the same turn as the last look at the queue: work added after it starts a new drain
      this.draining = null;
    }
  }
}

export class Notifier {
  /** The changes waiting for their notifications (one at a time also keeps two changes of one file and kind from each opening a group). */
  private readonly changes: Lane;
  /** The urgent e-mails to send: beside the changes, so that a slow relay never holds up the notifications in the app. */
  private readonly mails: Lane;

  constructor(private readonly o: NotifierOptions) {
    this.changes = new Lane((err) => o.log.warn({ err }, 'could not make the notifications of a change'));
    this.mails = new Lane((err) => o.log.warn({ err }, 'could not send an urgent notification'));
  }

  /** Makes a change's notifications after what caused it, in the order changes came, never failing it (logged; the change stands). */
  run(what: () => Promise<unknown>): void {
    this.changes.push(what);
  }

  /** Sends an urgent notification's e-mail, after the ones before it. */
  mail(what: () => Promise<unknown>): void {
    this.mails.push(what);
  }

  /** Resolves once every change begun has made its notifications and sent its e-mails (tests; a shutdown). */
  async idle(): Promise<void> {
    while (this.changes.busy || this.mails.busy) {
      await this.changes.idle();
      await this.mails.idle();
    }
  }

  /** Whether a person may be told about a file: active, and the file in her scope (a project, as the scope says; a claim, every role). */
  async maySee(f: Pick<Follower, 'role' | 'state'>, kind: FollowedKind, id: string): Promise<boolean> {
    if (f.state !== 'active') return false;
    if (kind === 'claim' || may(f.role, 'project.readAll')) return true;
    return this.o.scope.allows(f.role as Role, id, 'notifications').catch(() => false);
  }

  private async tell(c: Change): Promise<number> {
    const { store } = this.o;
    const followers = await store.followersOf(c.file.kind, c.file.id);
    if (c.alsoFollowersOf) {
      const more = await store.followersOf(c.alsoFollowersOf.kind, c.alsoFollowersOf.id);
      for (const f of more) if (!followers.some((x) => x.userId === f.userId)) followers.push(f);
    }
    if (followers.length === 0) return 0;
    const label = await store.labelOf(c.file.kind, c.file.id);
    const at = this.o.now();
    const people: Follower[] = [];
    for (const f of followers) {
      if (c.actor && f.email.toLowerCase() === c.actor.email.toLowerCase()) continue;
      if (await this.maySee(f, c.file.kind, c.file.id)) people.push(f);
    }
    const added = await store.addMany(
      people.map((f) => f.userId),
      {
        kind: c.kind,
        file: { kind: c.file.kind, id: c.file.id, label },
        params: c.params,
        actor: c.actor,
        sourceKey: c.sourceKey,
        groupKey: c.groupKey ?? null,
        at,
      },
      GROUP_WINDOW_MS,
    );
    const told = added.map((a) => a.userId);
    if (NOTIFICATION_URGENT.includes(c.kind) && this.o.urgent)
      for (const a of added) {
        const f = people.find((p) => p.userId === a.userId);
        if (f) this.o.urgent(f, a.id);
      }
    await this.announce(told);
    return told.length;
  }

  /** Tells every replica whose people's unread counts changed (their open tabs' bells). */
  async announce(userIds: readonly string[]): Promise<void> {
    for (let i = 0; i < userIds.length; i += 100)
      await this.o.bus
        .publish({ kind: 'notifications', users: userIds.slice(i, i + 100) })
        .catch((err: unknown) => this.o.log.warn({ err }, 'could not announce new notifications'));
  }

  /** The person (by e-mail) as the users table has her. */
  private async userByEmail(email: string | null) {
    if (!email) return null;
    const all = await this.o.store.followersOfEmail(email);
    return all;
  }

  /** Follows a file for the person who made it or was given it (by e-mail); nothing for an unknown person. */
  private async autoFollow(
    email: string | null,
    kind: FollowedKind,
    id: string,
    reason: 'created' | 'assigned' | 'project',
  ): Promise<void> {
    const user = await this.userByEmail(email);
    if (!user || !(await this.maySee(user, kind, id))) return;
    await this.o.store.follow(user.userId, kind, id, reason, this.o.now());
  }

  /** A write the partner accepted through the dashboard, from its audit record. */
  async fromWrite(w: RecordedWrite): Promise<void> {
    const actor = w.actorId ? { email: w.actorId, name: w.actorName ?? w.actorId } : null;
    const d = w.details;
    const onClaim = (kind: NotificationKind, params: NotificationParams) =>
      w.claimId ? this.tell({ kind, file: { kind: 'claim', id: w.claimId }, params, actor, sourceKey: `audit:${w.seq}` }) : undefined;
    switch (w.operation) {
      case 'createProject':
        if (w.projectId) await this.autoFollow(w.actorId, 'project', w.projectId, 'created');
        return;
      case 'createClaim': {
        if (!w.claimId) return;
        await this.autoFollow(w.actorId, 'claim', w.claimId, 'created');
        // who follows the project follows its claim (and is told it was opened)
        if (w.projectId) {
          for (const f of await this.o.store.followersOf('project', w.projectId))
            if (f.state === 'active') await this.o.store.follow(f.userId, 'claim', w.claimId, 'project', this.o.now());
        }
        await this.tell({
          kind: 'claim.created',
          file: { kind: 'claim', id: w.claimId },
          params: { months: monthOf(d.month) },
          actor,
          sourceKey: `audit:${w.seq}`,
        });
        return;
      }
      case 'addRentalDebt':
        await onClaim('months.declared', { months: monthOf(d.month) });
        return;
      case 'updateRentalDebt':
        await onClaim('months.updated', { months: monthOf(d.month) });
        return;
      case 'addPayment':
        await onClaim('payment.recorded', { amount: num(d.amount), date: str(d.applyDate) });
        return;
      case 'updatePayment':
        await onClaim('payment.changed', { amount: num(d.amount), date: str(d.applyDate) });
        return;
      case 'deletePayment':
        await onClaim('payment.deleted', { amount: num(d.amount), date: str(d.applyDate) });
        return;
      case 'applyClaim':
        await onClaim('claim.status', { status: ClaimStatus.ClaimToBeValidated });
        return;
      case 'addClaimDocument':
        await onClaim('document.added', { documentType: str(d.documentType) });
        return;
      case 'addProjectDocument':
        if (w.projectId)
          await this.tell({
            kind: 'document.added',
            file: { kind: 'project', id: w.projectId },
            params: { documentType: str(d.documentType) },
            actor,
            sourceKey: `audit:${w.seq}`,
          });
        return;
      case 'assignFile': {
        const kind: FollowedKind | null = w.claimId ? 'claim' : w.projectId ? 'project' : null;
        const id = w.claimId ?? w.projectId;
        if (!kind || !id) return;
        const assigneeEmail = str(d.assignee) && d.assignee !== 'nobody' ? String(d.assignee) : null;
        const assignee = await this.userByEmail(assigneeEmail);
        if (assigneeEmail) await this.autoFollow(assigneeEmail, kind, id, 'assigned');
        await this.tell({
          kind: 'assigned',
          file: { kind, id },
          params: { assignee: assignee?.name ?? null },
          actor,
          sourceKey: `audit:${w.seq}`,
        });
        return;
      }
      default:
        return;
    }
  }

  /**
   * A partner event newly received (never a repeated one: the hub keeps each id once). One that
   * reports a dashboard write's state (its cause) was said from the audit record already.
   */
  async fromPartnerEvent(e: LoggedEvent): Promise<void> {
    if (e.cause) return;
    const data = e.data;
    const claimId = str(data.claimId)?.toLowerCase();
    if (!claimId) return; // project statuses come from the read model (projectStatus)
    const status = num(data.status);
    const months = monthOf(data.rentDueDate);
    const on = (kind: NotificationKind, params: NotificationParams, group = true) =>
      this.tell({
        kind,
        file: { kind: 'claim', id: claimId },
        params,
        actor: null,
        sourceKey: `event:${e.id}`,
        groupKey: group ? `${claimId}:${kind}` : null,
      });
    switch (e.type) {
      case 'claim.created': {
        const projectId = str(data.projectId)?.toLowerCase() ?? (await this.o.store.projectOfClaim(claimId));
        if (projectId)
          for (const f of await this.o.store.followersOf('project', projectId))
            if (f.state === 'active') await this.o.store.follow(f.userId, 'claim', claimId, 'project', this.o.now());
        await on('claim.created', {}, false);
        return;
      }
      case 'claim.updated':
        if (status === undefined || status === num(data.previousStatus)) return;
        await on(status === ClaimStatus.Denied ? 'claim.refused' : 'claim.status', { status }, false);
        return;
      case 'rental_debt.created':
        await on('months.declared', { months });
        return;
      case 'rental_debt.updated':
        // a tenant payment the partner recorded, or a month's status it moved
        if (num(data.tenantPaidAmount) !== undefined && status === num(data.previousStatus))
          await on('payment.changed', { months, count: 1 });
        else await on('months.updated', { months });
        return;
      case 'rental_debt.receipt.pending_signature':
        await on('receipt.pending', { months });
        return;
      case 'rental_debt.receipt.signed':
        await on('receipt.signed', { months });
        return;
      default:
        return;
    }
  }

  /** A project's status as a read found it changed (a webhook's re-read or the reconciliation's); `by`: whose write made it. */
  async projectStatus(projectId: string, status: number, updatedAt: string, by: string | null): Promise<void> {
    const actorUser = await this.userByEmail(by);
    await this.tell({
      kind: 'project.status',
      file: { kind: 'project', id: projectId.toLowerCase() },
      params: { status },
      actor: by ? { email: by, name: actorUser?.name ?? by } : null,
      sourceKey: `project-status:${projectId.toLowerCase()}:${status}:${updatedAt}`,
    });
  }
}
