import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../contract/dates.js';
import { LINK_DAYS } from '../../contract/team.js';
import type { ServerDb } from '../db/db.js';

export type LinkKind = 'invite' | 'reset';
export const LINK_MS = LINK_DAYS * DAY_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invitation and password-reset links: a random token (32 bytes, base64url) given once to whoever
 * makes the link, stored only as its SHA-256, valid LINK_DAYS, one per user (a new one replaces
 * the previous: the old link dies), used once (consume deletes it, and only one caller can).
 */
export class UserLinks {
  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: string, kind: LinkKind, createdBy: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const t = this.now();
    const expiresAt = t + LINK_MS;
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('user_links').where('user_id', '=', userId).execute();
      await tx
        .insertInto('user_links')
        .values({ token_hash: hashToken(token), user_id: userId, kind, created_at: t, expires_at: expiresAt, created_by: createdBy })
        .execute();
    });
    return { token, expiresAt };
  }

  /** The link of a token, if it still works (not used, not replaced, not expired). */
  async peek(token: string): Promise<{ userId: string; kind: LinkKind; expiresAt: number } | undefined> {
    const r = await this.db
      .selectFrom('user_links')
      .select(['user_id', 'kind', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return r && (r.kind === 'invite' || r.kind === 'reset')
      ? { userId: r.user_id, kind: r.kind, expiresAt: Number(r.expires_at) }
      : undefined;
  }

  /** Uses a link up: true for the one caller that deleted it while it still worked. */
  async consume(db: ServerDb, token: string, userId: string): Promise<boolean> {
    const r = await db
      .deleteFrom('user_links')
      .where('token_hash', '=', hashToken(token))
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.now())
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** The working links, per user. */
  async pending(): Promise<Map<string, { kind: LinkKind; expiresAt: number }>> {
    const rows = await this.db
      .selectFrom('user_links')
      .select(['user_id', 'kind', 'expires_at'])
      .where('expires_at', '>', this.now())
      .execute();
    return new Map(rows.map((r) => [r.user_id, { kind: r.kind === 'reset' ? 'reset' : 'invite', expiresAt: Number(r.expires_at) }]));
  }

  async revokeOf(db: ServerDb, userId: string): Promise<void> {
    await db.deleteFrom('user_links').where('user_id', '=', userId).execute();
  }

  /** Forgets the links expired (housekeeping). */
  async purge(): Promise<void> {
    await this.db.deleteFrom('user_links').where('expires_at', '<=', this.now()).execute();
  }
}
