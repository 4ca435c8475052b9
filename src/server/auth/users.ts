import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EmailSchema } from '../../contract/common.js';
import { RoleSchema, type Role } from '../../contract/session.js';
import type { Bus } from '../db-bus.js';
import type { ServerDb } from '../db.js';
import { hashPassword } from './passwords.js';

export const UserSchema = z.object({
  email: EmailSchema,
  name: z.string().min(1),
  role: RoleSchema,
  passwordHash: z.string().startsWith('scrypt$'),
});
export type User = z.infer<typeof UserSchema>;
export const UsersFileSchema = z.object({ users: z.array(UserSchema) });

/** Sandbox-only demo users, one per role (documented in the README). */
export const DEMO_PASSWORD = 'sandbox-demo';
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: 'manager@demo-agency.fr', name: 'Marion Manager', role: 'manager' },
  { email: 'staff@demo-agency.fr', name: 'Samuel Staff', role: 'staff' },
  { email: 'intermediary@demo-agency.fr', name: 'Inès Intermédiaire', role: 'intermediary' },
];

/** The sandbox's demo users, one per role, all with DEMO_PASSWORD. */
export async function sandboxUsers(): Promise<User[]> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return DEMO_USERS.map((u) => ({ ...u, passwordHash: hash }));
}

/** The users of a users file (live mode; written by `npm run user:add`). */
export function usersFromFile(path: string): User[] {
  const parsed = UsersFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(`USERS_FILE ${path} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data.users;
}

/** How long a user read for signed-in requests is trusted (a seed on any replica forgets it at once). */
export const USER_CACHE_MS = 15_000;
const USER_CACHE_MAX = 10_000;

/**
 * The dashboard's users, in the shared database. Each replica seeds them at start from the users
 * file (live) or the demo users (sandbox): the seed is the whole list, so a user removed from the
 * file can no longer sign in once a replica restarts with it.
 */
export class UserDirectory {
  /** Users read for signed-in requests, with when they were read (see current()). */
  private readonly held = new Map<string, { user: User | undefined; readAt: number }>();
  private readonly unsubscribe: () => void;
  /** The bus lost (until it resyncs): a seed elsewhere cannot be heard, so nothing is held. */
  private deaf = false;

  constructor(
    private readonly db: ServerDb,
    /** Where a seed is announced to the other replicas (they forget the users they hold). */
    private readonly bus?: Bus,
    private readonly now: () => number = Date.now,
  ) {
    this.unsubscribe =
      bus?.subscribe((m) => (m.kind === 'users' || m.kind === 'resync' ? this.held.clear() : undefined)) ?? (() => undefined);
  }

  /** Stops listening to the bus. */
  close(): void {
    this.unsubscribe();
  }

  /**
   * The user behind a signed-in request: read from the database at most every USER_CACHE_MS per
   * user (a forwarding hop must not read it for every request). A replica seeding the users tells
   * every replica to forget them. Sign-in reads the database every time (find).
   */
  async current(email: string): Promise<User | undefined> {
    const t = this.now();
    const h = this.held.get(email);
    if (h && t - h.readAt <= USER_CACHE_MS && t >= h.readAt) return h.user;
    const user = await this.find(email);
    if (this.deaf) return user;
    this.held.set(email, { user, readAt: t });
    if (this.held.size > USER_CACHE_MAX) this.held.delete(this.held.keys().next().value ?? '');
    return user;
  }

  async seed(users: readonly User[]): Promise<void> {
    const t = Date.now();
    const rows = new Map(users.map((u) => [u.email.toLowerCase(), u]));
    await this.db.transaction().execute(async (tx) => {
      for (const [email, u] of rows)
        await tx
          .insertInto('users')
          .values({ email, name: u.name, role: u.role, password_hash: u.passwordHash, updated_at: t })
          .onConflict((oc) => oc.column('email').doUpdateSet({ name: u.name, role: u.role, password_hash: u.passwordHash, updated_at: t }))
          .execute();
      const q = tx.deleteFrom('users');
      await (rows.size ? q.where('email', 'not in', [...rows.keys()]) : q).execute();
    });
    this.held.clear();
    await this.bus?.publish({ kind: 'users' });
  }

  async find(email: string): Promise<User | undefined> {
    const r = await this.db
      .selectFrom('users')
      .select(['email', 'name', 'role', 'password_hash'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    const role = RoleSchema.safeParse(r?.role);
    return r && role.success ? { email: r.email, name: r.name, role: role.data, passwordHash: r.password_hash } : undefined;
  }
}
