import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { EmailSchema } from '../../contract/common.js';
import { RoleSchema, type Role } from '../../contract/session.js';
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

export class UserDirectory {
  private constructor(private readonly users: Map<string, User>) {}

  static async sandbox(): Promise<UserDirectory> {
    const hash = await hashPassword(DEMO_PASSWORD);
    return new UserDirectory(new Map(DEMO_USERS.map((u) => [u.email, { ...u, passwordHash: hash }])));
  }

  static fromFile(path: string): UserDirectory {
    const parsed = UsersFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success)
      throw new Error(`USERS_FILE ${path} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    return new UserDirectory(new Map(parsed.data.users.map((u) => [u.email.toLowerCase(), u])));
  }

  find(email: string): User | undefined {
    return this.users.get(email.toLowerCase());
  }
}
