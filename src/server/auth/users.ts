import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EmailSchema } from '../../contract/common.js';
import { RoleSchema, type Role } from '../../contract/session.js';
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

/**
 * The dashboard's users, in the shared database. Each replica seeds them at start from the users
 * file (live) or the demo users (sandbox): the seed is the whole list, so a user removed from the
 * file can no longer sign in once a replica restarts with it.
 */
export class UserDirectory {
  constructor(private readonly db: ServerDb) {}

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
