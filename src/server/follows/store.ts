import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Lang } from '../../contract/enums.js';
import {
  EmailChoiceSchema,
  NotificationParamsSchema,
  type EmailChoice,
  type FollowReason,
  type FollowedFile,
  type FollowedKind,
  type Notification,
  type NotificationKind,
  type NotificationParams,
} from '../../contract/follows.js';
import type { Role } from '../../contract/session.js';
import type { ServerDb, Tables } from '../db/db.js';
import { inTransaction } from '../db/transaction.js';

/** Notifications older than this are purged (with the housekeeping). */
export const NOTIFICATION_DAYS = 90;
/** At most this many notifications are kept per person: the oldest beyond are purged. */
export const NOTIFICATIONS_KEPT = 500;
/** With no choice kept, a person gets the daily digest. */
export const DEFAULT_EMAIL: EmailChoice = 'digest';
/** With no hour set by a manager, the digest leaves at 8:00 in the partner's time zone. */
export const DEFAULT_DIGEST_HOUR = 8;
const DAY_MS = 24 * 60 * 60_000;

/** A follower as a notification needs her: who, whether she may still see the file, her language. */
export interface Follower {
  userId: string;
  email: string;
  name: string;
  role: Role;
  state: string;
  lang: Lang;
}

/** A person as the users table holds them, as a follower. */
const followerOf = (r: { id: string; email: string; name: string; role: string; state: string; lang: string }): Follower => ({
  userId: r.id,
  email: r.email,
  name: r.name,
  role: r.role as Role,
  state: r.state,
  lang: r.lang === 'en' ? 'en' : 'fr',
});

/** A notification to store for each of the people it is for. */
export interface NewNotification {
  kind: NotificationKind;
  file: { kind: FollowedKind; id: string; label: string };
  params: NotificationParams;
  actor: { email: string; name: string } | null;
  /** What made it (an audit record, a partner event, a status read): one notification per person and source. */
  sourceKey: string;
  /** Partner changes of one file and kind close together: summed up in one unread notification. */
  groupKey: string | null;
  at: number;
}

type Row = Tables['notifications'];

const parseParams = (text: string): NotificationParams => {
  try {
    const p = NotificationParamsSchema.safeParse(JSON.parse(text));
    return p.success ? p.data : {};
  } catch {
    return {};
  }
};

export const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  file: { kind: r.file_kind as FollowedKind, id: r.file_id, label: r.file_label },
  params: parseParams(r.params),
  actor: r.actor_name ?? r.actor_email,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  readAt: r.read_at === null ? null : new Date(Number(r.read_at)).toISOString(),
});

/** A cursor: the last item's time and id ("1733563200000_…"), newest first. */
const cursorOf = (at: number, id: string) => `${at}_${id}`;
function parseCursor(cursor: string | undefined): { at: number; id: string } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15})_(.{1,48})$/.exec(cursor);
  return m ? { at: Number(m[1]), id: m[2] ?? '' } : null;
}

/**
 * Following and notifications as the database keeps them (migration 024), shared by the replicas.
 * Files are named by their partner id, lower-cased; people by users.id.
 */
export class FollowStore {
  constructor(private readonly db: ServerDb) {}

  // ---- following

  /** Follows a file; a file already followed keeps its first reason (a manual press on an automatic follow changes nothing). */
  async follow(userId: string, kind: FollowedKind, id: string, reason: FollowReason, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('follows')
      .values({ user_id: userId, kind, entity_id: id.toLowerCase(), reason, followed_at: at, last_visit_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'entity_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Follows the claims already opened on a project (the notifier's 'project' reason follows those opened later), in one statement. */
  async followClaimsOf(userId: string, projectId: string, at: number): Promise<void> {
    await this.db
      .insertInto('follows')
      .columns(['user_id', 'kind', 'entity_id', 'reason', 'followed_at', 'last_visit_at'])
      .expression(
        this.db
          .selectFrom('rm_claims')
          .select([
            sql<string>`cast(${userId} as text)`.as('user_id'),
            sql.lit('claim').as('kind'),
            'id as entity_id',
            sql.lit('project').as('reason'),
            sql.lit(at).as('followed_at'),
            sql.lit(null).as('last_visit_at'),
          ])
          .where('project_id', '=', projectId.toLowerCase()),
      )
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'entity_id']).doNothing())
      .execute();
  }

  async unfollow(userId: string, kind: FollowedKind, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('entity_id', '=', id.toLowerCase())
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  async followOf(userId: string, kind: FollowedKind, id: string) {
    return this.db
      .selectFrom('follows')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('entity_id', '=', id.toLowerCase())
      .executeTakeFirst();
  }

  /** The notifications about one file since a time, newest first (the file page's "since your last visit"). */
  async about(userId: string, kind: FollowedKind, id: string, since: number | null, limit = 20): Promise<Notification[]> {
    let q = this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('file_kind', '=', kind)
      .where('file_id', '=', id.toLowerCase());
    if (since !== null) q = q.where('created_at', '>', since);
    return (await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map(toNotification);
  }

  /** The person opened the file's page: her last visit is now, and what she was told about it is read. */
  async visit(userId: string, kind: FollowedKind, id: string, at: number): Promise<number> {
    const file = id.toLowerCase();
    await this.db
      .updateTable('follows')
      .set({ last_visit_at: at })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('entity_id', '=', file)
      .execute();
    const r = await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('file_kind', '=', kind)
      .where('file_id', '=', file)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** A person's followed files, newest first, with the tenant's name as the read model knows it. */
  async followed(
    userId: string,
    q: { cursor?: string; limit: number },
  ): Promise<{ items: FollowedFile[]; total: number; nextCursor: string | null }> {
    const after = parseCursor(q.cursor);
    let query = this.db
      .selectFrom('follows as f')
      .leftJoin('rm_projects as p', (j) => j.on('f.kind', '=', 'project').onRef('p.id', '=', 'f.entity_id'))
      .leftJoin('rm_claims as c', (j) => j.on('f.kind', '=', 'claim').onRef('c.id', '=', 'f.entity_id'))
      .select([
        'f.kind',
        'f.entity_id',
        'f.reason',
        'f.followed_at',
        'p.tenant_first_name as pf',
        'p.tenant_last_name as pl',
        'c.tenant_first_name as cf',
        'c.tenant_last_name as cl',
      ])
      .where('f.user_id', '=', userId);
    if (after) {
      const key = after.id;
      query = query.where((eb) =>
        eb.or([
          eb('f.followed_at', '<', after.at),
          eb.and([eb('f.followed_at', '=', after.at), eb(sql<string>`${sql.ref('f.kind')} || ':' || ${sql.ref('f.entity_id')}`, '<', key)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('f.followed_at', 'desc')
      .orderBy(sql`${sql.ref('f.kind')} || ':' || ${sql.ref('f.entity_id')}`, 'desc')
      .limit(q.limit + 1)
      .execute();
    const total = await this.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({
        kind: r.kind as FollowedKind,
        id: r.entity_id,
        label: [r.pf ?? r.cf ?? '', r.pl ?? r.cl ?? ''].join(' ').trim(),
        reason: r.reason as FollowReason,
        followedAt: new Date(Number(r.followed_at)).toISOString(),
      })),
      total: Number(total?.n ?? 0),
      nextCursor: rows.length > q.limit && last ? cursorOf(Number(last.followed_at), `${last.kind}:${last.entity_id}`) : null,
    };
  }

  /** Who follows a file (the deactivated included: the caller leaves them out with the scope). */
  async followersOf(kind: FollowedKind, id: string): Promise<Follower[]> {
    const rows = await this.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.state', 'u.lang'])
      .where('f.kind', '=', kind)
      .where('f.entity_id', '=', id.toLowerCase())
      .execute();
    return rows.map(followerOf);
  }

  /** A person by e-mail, as a follower (null: nobody of that e-mail). */
  async followersOfEmail(email: string): Promise<Follower | null> {
    const r = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role', 'state', 'lang'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return r ? followerOf(r) : null;
  }

  async userById(userId: string): Promise<Follower | null> {
    const r = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role', 'state', 'lang'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return r ? followerOf(r) : null;
  }

  /** The tenant's name of a file as the read model knows it ('' when it is not kept yet). */
  async labelOf(kind: FollowedKind, id: string): Promise<string> {
    const table = kind === 'claim' ? 'rm_claims' : 'rm_projects';
    const r = await this.db
      .selectFrom(table)
      .select(['tenant_first_name', 'tenant_last_name'])
      .where('id', '=', id.toLowerCase())
      .executeTakeFirst();
    return r ? `${r.tenant_first_name} ${r.tenant_last_name}`.trim() : '';
  }

  /** The project a claim is on, as the read model knows it. */
  async projectOfClaim(claimId: string): Promise<string | null> {
    const r = await this.db.selectFrom('rm_claims').select('project_id').where('id', '=', claimId.toLowerCase()).executeTakeFirst();
    return r?.project_id ?? null;
  }

  // ---- notifications

  /**
   * One change for several people at once, in one transaction (one commit, however many
   * followers). Each person's open group takes it in: an unread notification of the same group
   * made within `groupMs` gets its months joined and its count raised (an urgent one e-mailed
   * already too, so a flood sends one e-mail per person, file, kind and window). The others get a
   * new notification unless they were told of this source already (a change is never said twice).
   * Answers the people told anew, with their notification's id.
   */
  async addMany(people: readonly string[], n: NewNotification, groupMs: number): Promise<{ userId: string; id: string }[]> {
    if (people.length === 0) return [];
    return inTransaction(this.db, async (trx) => {
      let rest = [...people];
      if (n.groupKey) {
        const open = await trx
          .selectFrom('notifications')
          .select(['id', 'user_id', 'params', 'created_at'])
          .where('user_id', 'in', rest)
          .where('group_key', '=', n.groupKey)
          .where('read_at', 'is', null)
          .where('created_at', '>', n.at - groupMs)
          .orderBy('created_at', 'desc')
          .execute();
        const latest = new Map<string, (typeof open)[number]>();
        for (const r of open) if (!latest.has(r.user_id)) latest.set(r.user_id, r);
        // the rows of one group usually hold the same params: one update per distinct value
        const byParams = new Map<string, string[]>();
        for (const r of latest.values()) byParams.set(r.params, [...(byParams.get(r.params) ?? []), r.id]);
        for (const [text, ids] of byParams) {
          const was = parseParams(text);
          const months = [...new Set([...(was.months ?? []), ...(n.params.months ?? [])])].sort();
          const params: NotificationParams = {
            ...was,
            ...n.params,
            ...(months.length > 0 ? { months } : {}),
            count: (was.count ?? 1) + (n.params.count ?? 1),
          };
          for (let i = 0; i < ids.length; i += 500)
            await trx
              .updateTable('notifications')
              .set({ params: JSON.stringify(params) })
              .where('id', 'in', ids.slice(i, i + 500))
              .execute();
        }
        rest = rest.filter((u) => !latest.has(u));
      }
      if (rest.length === 0) return [];
      const rows = rest.map((userId) => ({
        id: randomUUID(),
        user_id: userId,
        kind: n.kind,
        file_kind: n.file.kind,
        file_id: n.file.id.toLowerCase(),
        file_label: n.file.label,
        params: JSON.stringify(n.params),
        actor_email: n.actor?.email ?? null,
        actor_name: n.actor?.name ?? null,
        source_key: n.sourceKey.slice(0, 300),
        group_key: n.groupKey,
        created_at: n.at,
        read_at: null,
        mailed_at: null,
      }));
      const told: { userId: string; id: string }[] = [];
      for (let i = 0; i < rows.length; i += 200) {
        const inserted = await trx
          .insertInto('notifications')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing())
          .returning(['id', 'user_id'])
          .execute();
        told.push(...inserted.map((r) => ({ userId: r.user_id, id: r.id })));
      }
      return told;
    });
  }

  async unread(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** A page of a person's notifications, newest first. */
  async page(userId: string, q: { cursor?: string; limit: number }): Promise<{ items: Notification[]; nextCursor: string | null }> {
    const after = parseCursor(q.cursor);
    let query = this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
    if (after)
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]),
      );
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit + 1)
      .execute();
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toNotification),
      nextCursor: rows.length > q.limit && last ? cursorOf(Number(last.created_at), last.id) : null,
    };
  }

  async byId(userId: string, id: string): Promise<Notification | null> {
    const r = await this.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return r ? toNotification(r) : null;
  }

  /** Marks one read (a notification of someone else's is not found: false). */
  async markRead(userId: string, id: string, at: number): Promise<boolean> {
    const found = await this.db
      .selectFrom('notifications')
      .select('read_at')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) return false;
    if (found.read_at === null)
      await this.db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('id', '=', id).execute();
    return true;
  }

  async markAllRead(userId: string, at: number): Promise<number> {
    const r = await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** What the digest says: a person's unread notifications not e-mailed already, newest first, and their number. */
  async unreadForDigest(userId: string, limit: number): Promise<{ items: (Notification & { fileId: string })[]; total: number }> {
    const base = this.db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('mailed_at', 'is', null);
    const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { items: rows.map((r) => ({ ...toNotification(r), fileId: r.file_id })), total: Number(total?.n ?? 0) };
  }

  async markMailed(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('notifications')
      .set({ mailed_at: at })
      .where('id', 'in', [...ids])
      .execute();
  }

  // ---- e-mail choices and the digest hour

  async emailChoice(userId: string): Promise<EmailChoice> {
    const r = await this.db.selectFrom('notification_prefs').select('email').where('user_id', '=', userId).executeTakeFirst();
    const parsed = EmailChoiceSchema.safeParse(r?.email);
    return parsed.success ? parsed.data : DEFAULT_EMAIL;
  }

  async setEmailChoice(userId: string, email: EmailChoice, at: number): Promise<void> {
    await this.db
      .insertInto('notification_prefs')
      .values({ user_id: userId, email, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ email, updated_at: at }))
      .execute();
  }

  /** The active people whose choice is the digest (or urgent, which also gets the digest): the default counts as digest. */
  async digestRecipients(): Promise<Follower[]> {
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('notification_prefs as p', 'p.user_id', 'u.id')
      .select(['u.id', 'u.email', 'u.name', 'u.role', 'u.state', 'u.lang', 'p.email as choice'])
      .where('u.state', '=', 'active')
      .orderBy('u.id')
      .execute();
    return rows.filter((r) => (r.choice ?? DEFAULT_EMAIL) !== 'none').map(followerOf);
  }

  async digestHour(): Promise<number> {
    const r = await this.db.selectFrom('org_settings').select('value').where('name', '=', 'digestHour').executeTakeFirst();
    const h = Number(r?.value);
    return Number.isInteger(h) && h >= 0 && h <= 23 ? h : DEFAULT_DIGEST_HOUR;
  }

  async setDigestHour(hour: number, at: number): Promise<void> {
    const value = String(hour);
    await this.db
      .insertInto('org_settings')
      .values({ name: 'digestHour', value, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: at }))
      .execute();
  }

  /** Claims a person's digest of a day: true for the one replica that inserted the row. */
  async claimDigest(userId: string, day: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('digests_sent')
      .values({ user_id: userId, day, claimed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** The relay did not take the digest: the next tick tries again (at-least-once). */
  async releaseDigest(userId: string, day: string): Promise<void> {
    await this.db.deleteFrom('digests_sent').where('user_id', '=', userId).where('day', '=', day).execute();
  }

  /** Records an unsubscribe link's use: false when it was used already. */
  async useLink(tokenHash: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('unsubscribe_used')
      .values({ token_hash: tokenHash, used_at: at })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * Housekeeping: notifications past NOTIFICATION_DAYS, and beyond the NOTIFICATIONS_KEPT newest
   * of a person; digest claims and used links past their use.
   */
  async purge(now: number, linkDays: number): Promise<void> {
    await this.db
      .deleteFrom('notifications')
      .where('created_at', '<', now - NOTIFICATION_DAYS * DAY_MS)
      .execute();
    const crowded = await this.db
      .selectFrom('notifications')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('user_id')
      .having((eb) => eb.fn.countAll(), '>', NOTIFICATIONS_KEPT)
      .execute();
    for (const { user_id } of crowded) {
      const edge = await this.db
        .selectFrom('notifications')
        .select(['created_at', 'id'])
        .where('user_id', '=', user_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(NOTIFICATIONS_KEPT - 1)
        .limit(1)
        .executeTakeFirst();
      if (!edge) continue;
      await this.db
        .deleteFrom('notifications')
        .where('user_id', '=', user_id)
        .where((eb) =>
          eb.or([eb('created_at', '<', edge.created_at), eb.and([eb('created_at', '=', edge.created_at), eb('id', '<', edge.id)])]),
        )
        .execute();
    }
    await this.db
      .deleteFrom('digests_sent')
      .where('claimed_at', '<', now - 7 * DAY_MS)
      .execute();
    await this.db
      .deleteFrom('unsubscribe_used')
      .where('used_at', '<', now - linkDays * DAY_MS)
      .execute();
  }
}
