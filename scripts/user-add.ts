/**
 * Adds (or replaces) a dashboard user in a users file for live mode (added to the database at the next start
 * when it lacks them: the database is the list, see the README's "The team").
 *   npm run user:add -- --file users.json --email a@b.fr --name "A B" --role manager
 * The password is read from the USER_PASSWORD variable or, if unset, from standard input.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema } from '../src/contract/common.js';
import { PASSWORD_MAX, PASSWORD_MIN, normalizePassword, passwordProblem } from '../src/contract/passwords.js';
import { ruleText } from '../src/contract/rules.js';
import { RoleSchema } from '../src/contract/session.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { UsersFileSchema } from '../src/server/auth/users.js';

const { values } = parseArgs({
  options: { file: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
});
const Args = z.object({ file: z.string().min(1), email: EmailSchema, name: z.string().min(1), role: RoleSchema });
const args = Args.safeParse(values);
if (!args.success) {
  console.error(
    `Usage: npm run user:add -- --file users.json --email <email> --name <name> --role manager|staff|intermediary\n${args.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}`,
  );
  process.exit(1);
}

async function readPassword(): Promise<string> {
  if (process.env.USER_PASSWORD) return process.env.USER_PASSWORD;
  process.stderr.write(`Password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not containing the name or e-mail): `);
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split('\n')[0]?.trim() ?? '';
}

const password = await readPassword();
const { file, email, name, role } = args.data;
// the same rules as every password set in the app (NIST SP 800-63B, contract/passwords.ts)
const problem = passwordProblem(password, { name, email });
if (problem) {
  console.error(`The password ${ruleText({ key: problem, params: { min: PASSWORD_MIN, max: PASSWORD_MAX } })}.`);
  process.exit(1);
}
const current = existsSync(file) ? UsersFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : { users: [] };
const users = current.users.filter((u) => u.email.toLowerCase() !== email.toLowerCase());
users.push({ email: email.toLowerCase(), name, role, passwordHash: await hashPassword(normalizePassword(password)) });
writeFileSync(file, `${JSON.stringify({ users }, null, 2)}\n`, { mode: 0o600 });
console.log(`${email} (${role}) saved in ${file}.`);
