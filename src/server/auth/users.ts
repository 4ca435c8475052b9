import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { EmailSchema } from '../../contract/common.js';
import { RoleSchema, type Role } from '../../contract/session.js';
import { UserStateSchema, type UserState } from '../../contract/team.js';
import type { Bus } from '../db/bus.js';
import type { ServerDb } from '../db/db.js';
import { hashPassword } from './passwords.js';

export const UserSchema = z.object({
  email: EmailSchema,
  name: z.string().min(1),
  role: RoleSchema,
  passwordHash: z.string().startsWith('scrypt$'),
});
/** A user as a users file (or the demo users) gives it: what seeds the database. */
export type User = z.infer<typeof UserSchema>;
export const UsersFileSchema = z.object({ users: z.array(UserSchema) });

/** A user as the database holds it. `passwordHash` is '' while invited (no password matches it). */
export interface DirectoryUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  state: UserState;
  passwordHash: string;
  lang: 'fr' | 'en';
  lastSignInAt: number | null;
  remindersEnabled: boolean;
}

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

/** How long a user read for signed-in requests is trusted (a change on any replica forgets it at once). */
export const USER_CACHE_MS = 15_000;
const USER_CACHE_MAX = 10_000;
/** How long a change waits at most for its notice to come back through the bus. */
const ECHO_MS = 2_000;
/** And how much more, for the other replicas (each hears the same commit on its own connection). */
const ECHO_GRACE_MS = 100;

const COLUMNS = ['id', 'email', 'name', 'role', 'state', 'password_hash', 'lang', 'last_sign_in_at', 'reminders_enabled'] as const;
type Row = { [K in (typeof COLUMNS)[number]]: unknown };

function toUser(r: Row | undefined): DirectoryUser | undefined {
  if (!r) return undefined;
  const role = RoleSchema.safeParse(r.role);
  const state = UserStateSchema.safeParse(r.state);
  if (!role.success || !state.success) return undefined;
  return {
    id: String(r.id),
    email: String(r.email),
    name: String(r.name),
    role: role.data,
    state: state.data,
    passwordHash: String(r.password_hash),
    lang: r.lang === 'en' ? 'en' : 'fr',
    lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
    remindersEnabled: Number(r.reminders_enabled) !== 0,
  };
}

/**
 * The dashboard's users, in the shared database: the database is the list (the Team page changes
 * it). Each start adds the users of the users file (live) or the demo users (sandbox) that the
 * database does not have yet, and changes nothing else: that is how a new deployment gets its
 * first manager, and how an existing one moves over (its users are already in the database).
 */
export class UserDirectory {
  /** Users read for signed-in requests, with when they were read (see current()). */
  private readonly held: LRUCache<string, { user: DirectoryUser | undefined; readAt: number }>;
  private readonly echoes = new Map<string, () => void>();
  private readonly unsubscribe: () => void;
  /** The bus lost (until it resyncs): a change elsewhere cannot be heard, so nothing is held. */
  private deaf = false;

  constructor(
    private readonly db: ServerDb,
    /** Where a change is announced to the other replicas (they forget the users they hold). */
    private readonly bus?: Bus,
    private readonly now: () => number = Date.now,
  ) {
    // ttlResolution 0: the directory's clock is read at each look-up (an injected clock moves by jumps)
    this.held = new LRUCache({ max: USER_CACHE_MAX, ttl: USER_CACHE_MS, ttlResolution: 0, perf: { now } });
    this.unsubscribe =
      bus?.subscribe((m, fromSelf) => {
        if (m.kind === 'users') {
          this.held.clear();
          if (fromSelf && m.nonce) this.echoes.get(m.nonce)?.();
        } else if (m.kind === 'resync' || m.kind === 'deaf') {
          this.held.clear();
          this.deaf = m.kind === 'deaf';
        }
      }) ?? (() => undefined);
  }

  /** Stops listening to the bus. */
  close(): void {
    this.unsubscribe();
  }

  /**
   * The active user behind a signed-in request: read from the database at most every
   * USER_CACHE_MS per user (a forwarding hop must not read it for every request). A change on any
   * replica (role, deactivation) tells every replica to forget what it holds. Sign-in reads the
   * database every time (find). Invited and deactivated users have no signed-in request.
   */
  async current(email: string): Promise<DirectoryUser | undefined> {
    const t = this.now();
    const h = this.held.get(email);
    if (h && t >= h.readAt) return h.user;
    const found = await this.find(email);
    const user = found?.state === 'active' ? found : undefined;
    if (this.deaf) return user;
    this.held.set(email, { user, readAt: t });
    return user;
  }

  /** Adds the users the database does not have yet (by e-mail); changes nothing of those it has. */
  async seed(users: readonly User[]): Promise<void> {
    const t = Date.now();
    const rows = new Map(users.map((u) => [u.email.toLowerCase(), u]));
    for (const [email, u] of rows)
      await this.db
        .insertInto('users')
        .values({ id: randomUUID(), email, name: u.name, role: u.role, password_hash: u.passwordHash, updated_at: t })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    await this.changed();
  }

  /**
   * Every replica forgets the users it holds: the next request of anyone reads their role and state
   * again. On a shared bus, answers once the notice has come back (and a little more, for the others).
   */
  async changed(): Promise<void> {
    this.held.clear();
    if (!this.bus) return;
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(nonce, resolve);
      timer = setTimeout(resolve, ECHO_MS);
    });
    try {
      await this.bus.publish({ kind: 'users', nonce });
      if (!this.bus.shared) return;
      await echoed;
      await new Promise((resolve) => setTimeout(resolve, ECHO_GRACE_MS));
    } finally {
      clearTimeout(timer);
      this.echoes.delete(nonce);
    }
  }

  async find(email: string): Promise<DirectoryUser | undefined> {
    return toUser(await this.db.selectFrom('users').select(COLUMNS).where('email', '=', email.toLowerCase()).executeTakeFirst());
  }

  async byId(id: string): Promise<DirectoryUser | undefined> {
    return toUser(await this.db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst());
  }

  async all(): Promise<DirectoryUser[]> {
    const rows = await this.db.selectFrom('users').select(COLUMNS).orderBy('name').execute();
    return rows.map(toUser).filter((u): u is DirectoryUser => u !== undefined);
  }

  /**
   * A colleague's first single sign-on: an active user with no password (none matches ''), unless
   * the e-mail already has one (then nothing changes). Returns the user as the database has it.
   */
  async createSignedOn(email: string, name: string, role: Role, lang: 'fr' | 'en'): Promise<DirectoryUser | undefined> {
    await this.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: email.toLowerCase(),
        name,
        role,
        password_hash: '',
        updated_at: this.now(),
        state: 'active',
        lang,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    await this.changed();
    return this.find(email);
  }

  /** An invited colleague who signs on: active from now on (their invitation link stays usable for nothing). */
  async activateInvited(id: string): Promise<DirectoryUser | undefined> {
    await this.db
      .updateTable('users')
      .set({ state: 'active', updated_at: this.now() })
      .where('id', '=', id)
      .where('state', '=', 'invited')
      .execute();
    await this.changed();
    return this.byId(id);
  }

  async noteSignIn(email: string): Promise<void> {
    await this.db.updateTable('users').set({ last_sign_in_at: this.now() }).where('email', '=', email.toLowerCase()).execute();
  }

  /** Whether the monthly round's e-mail reminders go to this user: false when they turned them off, or unknown. */
  async remindersEnabled(userId: string): Promise<boolean> {
    return (await this.byId(userId))?.remindersEnabled ?? false;
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, updated_at: this.now() }).where('id', '=', userId).execute();
  }

  async setReminders(userId: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ reminders_enabled: enabled ? 1 : 0, updated_at: this.now() })
      .where('id', '=', userId)
      .execute();
  }
}
