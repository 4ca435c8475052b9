import type { Role } from '../../contract/session.js';

/** Pages only some roles may open (the others see "reserved" there); every other page is for every role. */
const RESTRICTED: { path: RegExp; roles: readonly Role[] }[] = [
  { path: /^\/(stats|events|settings|team)(\/|$)/, roles: ['manager'] },
  { path: /^\/projects\/new\/?$/, roles: ['manager', 'staff'] },
];

/** Whether a role may open a page (path with or without its query), e.g. the `next` of a sign-in made by someone else. */
export function mayOpen(role: Role, target: string): boolean {
  const path = target.split(/[?#]/)[0] ?? '/';
  return RESTRICTED.every((r) => !r.path.test(path) || r.roles.includes(role));
}
