import { createHash } from 'node:crypto';
import type { ServerDb } from '../db/db.js';

/** How long a sign-in begun at the identity provider may take to come back. */
export const SSO_LOGIN_MS = 10 * 60_000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * Single sign-ons begun and not yet come back (shared by the replicas): the state's hash, the
 * nonce and the PKCE verifier. The callback takes its row (deletes it), so a state serves once:
 * a replayed callback finds nothing.
 */
export class SsoLogins {
  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  async begin(state: string, nonce: string, verifier: string): Promise<void> {
    await this.db
      .insertInto('sso_logins')
      .values({ state_hash: hashOf(state), nonce, verifier, created_at: this.now() })
      .execute();
  }

  /** The nonce and verifier of a state begun less than SSO_LOGIN_MS ago, removed; null when unknown, used or too old. */
  async take(state: string): Promise<{ nonce: string; verifier: string } | null> {
    const key = hashOf(state);
    const row = await this.db.selectFrom('sso_logins').selectAll().where('state_hash', '=', key).executeTakeFirst();
    if (!row) return null;
    const taken = await this.db.deleteFrom('sso_logins').where('state_hash', '=', key).executeTakeFirst();
    // another request took it first (the same callback twice at once): only one of them goes on
    if (Number(taken.numDeletedRows) !== 1) return null;
    if (this.now() - Number(row.created_at) > SSO_LOGIN_MS) return null;
    return { nonce: row.nonce, verifier: row.verifier };
  }

  async purge(): Promise<void> {
    await this.db
      .deleteFrom('sso_logins')
      .where('created_at', '<', this.now() - SSO_LOGIN_MS)
      .execute();
  }
}
