import { randomUUID } from 'node:crypto';
import { normalizePassword } from '../../contract/passwords.js';
import type { Role } from '../../contract/session.js';
import type { InviteBody, TeamMember } from '../../contract/team.js';
import { hashPassword } from '../auth/passwords.js';
import type { SessionStore } from '../auth/sessions.js';
import type { DirectoryUser, UserDirectory } from '../auth/users.js';
import type { Dialect, ServerDb } from '../db/db.js';
import { HttpError } from '../http-error.js';
import type { LinkKind, UserLinks } from './links.js';

/** The manager acting (the session's user). */
export interface Actor {
  email: string;
  name: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toMember(u: DirectoryUser, link: { kind: LinkKind; expiresAt: number } | undefined): TeamMember {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    state: u.state,
    lang: u.lang,
    lastSignInAt: iso(u.lastSignInAt),
    link: link ? { kind: link.kind, expiresAt: new Date(link.expiresAt).toISOString() } : null,
  };
}

/**
 * What managers do to the team, each change checked against the database as it is now (never
 * against what the page showed): nobody changes their own role or deactivates themselves, the last
 * active manager stays one, an unknown user is NOT_FOUND. A change of role or state makes every
 * replica forget the users it holds before it answers (the colleague's next request reads it);
 * a deactivation ends their sessions on every replica.
 */
export class TeamService {
  constructor(
    private readonly db: ServerDb,
    private readonly dialect: Dialect,
    private readonly users: UserDirectory,
    private readonly sessions: SessionStore,
    readonly links: UserLinks,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<TeamMember[]> {
    const [all, pending] = await Promise.all([this.users.all(), this.links.pending()]);
    return all.map((u) => toMember(u, pending.get(u.id)));
  }

  async member(id: string): Promise<TeamMember> {
    const u = await this.target(id);
    return toMember(u, (await this.links.pending()).get(u.id));
  }

  private async target(id: string): Promise<DirectoryUser> {
    const u = await this.users.byId(id);
    if (!u) throw new HttpError('NOT_FOUND', 'No user has this id.');
    return u;
  }

  async invite(body: InviteBody, by: Actor): Promise<{ user: DirectoryUser; token: string; expiresAt: number }> {
    const email = body.email.toLowerCase();
    const id = randomUUID();
    const t = this.now();
    const inserted = await this.db
      .insertInto('users')
      .values({ id, email, name: body.name, role: body.role, password_hash: '', updated_at: t, state: 'invited', lang: body.lang })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new HttpError('USER_EXISTS', 'This e-mail address already has an account or an invitation.');
    const link = await this.links.issue(id, 'invite', by.email);
    return { user: await this.target(id), ...link };
  }

  /** A new link for an invited user (resend) or an active one (password reset): the previous link dies. */
  async newLink(id: string, kind: LinkKind, by: Actor): Promise<{ user: DirectoryUser; token: string; expiresAt: number }> {
    const u = await this.target(id);
    const wanted = kind === 'invite' ? 'invited' : 'active';
    if (u.state !== wanted)
      throw new HttpError(
        'USER_STATE',
        kind === 'invite' ? 'Only a pending invitation can be resent.' : 'Only an active user gets a reset link.',
      );
    return { user: u, ...(await this.links.issue(id, kind, by.email)) };
  }

  /** Revokes a pending invitation: the invited user (who never signed in) goes with it. */
  async revoke(id: string): Promise<DirectoryUser> {
    const u = await this.target(id);
    if (u.state !== 'invited') throw new HttpError('USER_STATE', 'Only a pending invitation can be revoked.');
    await this.db.transaction().execute(async (tx) => {
      await this.links.revokeOf(tx, id);
      await tx.deleteFrom('users').where('id', '=', id).where('state', '=', 'invited').execute();
    });
    return u;
  }

  async changeRole(id: string, role: Role, by: Actor): Promise<{ before: DirectoryUser; after: DirectoryUser }> {
    const before = await this.target(id);
    if (before.email === by.email.toLowerCase()) throw new HttpError('OWN_ACCOUNT', 'Nobody changes their own role.');
    if (before.role !== role)
      await this.keepingAManager(id, role !== 'manager', async (tx) => {
        await tx.updateTable('users').set({ role, updated_at: this.now() }).where('id', '=', id).execute();
      });
    await this.users.changed();
    return { before, after: await this.target(id) };
  }

  async deactivate(id: string, by: Actor): Promise<DirectoryUser> {
    const u = await this.target(id);
    if (u.email === by.email.toLowerCase()) throw new HttpError('OWN_ACCOUNT', 'Nobody deactivates their own account.');
    if (u.state !== 'active') throw new HttpError('USER_STATE', 'Only an active user can be deactivated (revoke an invitation instead).');
    await this.keepingAManager(id, true, async (tx) => {
      await tx.updateTable('users').set({ state: 'deactivated', updated_at: this.now() }).where('id', '=', id).execute();
      await this.links.revokeOf(tx, id);
    });
    await this.users.changed();
    await this.sessions.destroyAllOf(u.email);
    return u;
  }

  async reactivate(id: string): Promise<DirectoryUser> {
    const u = await this.target(id);
    if (u.state !== 'deactivated') throw new HttpError('USER_STATE', 'Only a deactivated user can be reactivated.');
    await this.db.updateTable('users').set({ state: 'active', updated_at: this.now() }).where('id', '=', id).execute();
    await this.users.changed();
    return u;
  }

  /**
   * Runs `change` (on user `id`) in a transaction that refuses it when it leaves no active manager:
   * the active managers' rows are locked first (PostgreSQL), so two managers demoting each other at
   * the same moment cannot both succeed; SQLite has one writer at a time.
   */
  private async keepingAManager(id: string, losesManager: boolean, change: (tx: ServerDb) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (losesManager) {
        let q = tx.selectFrom('users').select('id').where('role', '=', 'manager').where('state', '=', 'active');
        if (this.dialect === 'postgres') q = q.forUpdate();
        const managers = (await q.execute()).map((r) => r.id);
        if (managers.includes(id) && managers.length === 1)
          throw new HttpError('LAST_MANAGER', 'This is the last active manager: make someone else a manager first.');
      }
      await change(tx);
    });
  }

  /** The link's user and kind, if the link still works. */
  async inspect(token: string): Promise<{ user: DirectoryUser; kind: LinkKind; expiresAt: number }> {
    const link = await this.links.peek(token);
    const user = link ? await this.users.byId(link.userId) : undefined;
    if (!link || !user || user.state !== (link.kind === 'invite' ? 'invited' : 'active')) throw new HttpError('LINK_INVALID');
    return { user, ...link };
  }

  /**
   * Sets the password of a link's user (checked against the rules by the caller) and uses the link
   * up, in one transaction: of two uses at once, one wins. An invited user becomes active; every
   * other session of a user resetting their password ends.
   */
  async useLink(token: string, password: string): Promise<{ user: DirectoryUser; kind: LinkKind }> {
    const { user, kind } = await this.inspect(token);
    const hash = await hashPassword(normalizePassword(password));
    await this.db.transaction().execute(async (tx) => {
      if (!(await this.links.consume(tx, token, user.id))) throw new HttpError('LINK_INVALID');
      const r = await tx
        .updateTable('users')
        .set({ password_hash: hash, state: 'active', updated_at: this.now() })
        .where('id', '=', user.id)
        .where('state', '=', kind === 'invite' ? 'invited' : 'active')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new HttpError('LINK_INVALID');
    });
    await this.users.changed();
    if (kind === 'reset') await this.sessions.destroyAllOf(user.email);
    return { user, kind };
  }
}
