import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/audit.js';
import { DAY_MS } from '../../contract/dates.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import type { Team, TeamLink, TeamMember } from '../../contract/team.js';
import { FREE_FAILURES } from '../auth/throttle.js';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

const clock = { offset: 0 };
let s: TestServer;
let manager: Client;
beforeAll(async () => {
  s = await startServer({ sandbox: false, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, server: { now: () => Date.now() + clock.offset } });
  manager = await s.signedIn('manager');
});
afterAll(() => s.close());

const GOOD = 'cheval agrafe batterie correcte';
const tokenOf = (link: string) => link.split('#')[1] ?? '';
const team = async () => (await manager.call<Team>('GET', '/api/team')).body.users;
const byEmail = async (email: string) => (await team()).find((u) => u.email === email) as TeamMember;

async function invite(email: string, role = 'staff', lang = 'fr') {
  const res = await manager.call<TeamLink>('POST', '/api/team/invitations', { email, name: 'Nina Nouvelle', role, lang });
  expect(res.status).toBe(200);
  return res.body;
}

/** Opens a link as the invitee's browser would, choosing `password`. */
async function useLink(link: string, password: string) {
  const c = s.client();
  const res = await c.call<ErrorEnvelope>('POST', '/api/links/use', { token: tokenOf(link), password });
  if (res.status === 200) c.csrf = (await c.call<{ csrfToken: string }>('GET', '/api/session')).body.csrfToken;
  return { c, res };
}

describe('the team (managers)', () => {
  it('lists every user with role, state and last sign-in', async () => {
    const users = await team();
    expect(users.map((u) => [u.email, u.role, u.state])).toEqual(
      expect.arrayContaining([
        ['manager@demo-agency.fr', 'manager', 'active'],
        ['staff@demo-agency.fr', 'staff', 'active'],
        ['intermediary@demo-agency.fr', 'intermediary', 'active'],
      ]),
    );
    expect(users.find((u) => u.email === 'manager@demo-agency.fr')?.lastSignInAt).not.toBeNull();
  });

  it('invites by a single-use link valid 7 days, where the invitee chooses a password (the rules checked) and is signed in', async () => {
    const made = await invite('nina@agence.fr');
    expect(made.link).toMatch(new RegExp(`^${s.url}/set-password#[A-Za-z0-9_-]{43}$`));
    expect(made.mailed).toBe(false);
    const days = (Date.parse(made.expiresAt) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(await byEmail('nina@agence.fr')).toMatchObject({ state: 'invited', role: 'staff', link: { kind: 'invite' } });
    // the token is stored only as its hash
    const stored = await s.stores.team.links.peek(tokenOf(made.link));
    expect(stored?.kind).toBe('invite');
    // not signed in yet: no password works
    expect(await s.client().login('nina@agence.fr', '')).toBe(400);
    expect(await s.client().login('nina@agence.fr', 'x')).toBe(401);

    const info = await s.client().call('POST', '/api/links/inspect', { token: tokenOf(made.link) });
    expect(info.body).toMatchObject({ kind: 'invite', email: 'nina@agence.fr', name: 'Nina Nouvelle' });

    for (const [password, rule] of <[string, string][]>[
      ['short one', 'passwordTooShort'],
      ['x'.repeat(257), 'passwordTooLong'],
      ['bonjour nina et au revoir', 'passwordHasName'],
      ['je suis Nouvelle dans l’équipe', 'passwordHasName'],
    ]) {
      const { res } = await useLink(made.link, password);
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]).toMatchObject({ path: 'password', rule: { key: rule } });
    }
    // refused passwords used nothing up
    const { c, res } = await useLink(made.link, GOOD);
    expect(res.status).toBe(200);
    expect((await c.call<{ user: { email: string; role: string } }>('GET', '/api/session')).body.user).toMatchObject({
      email: 'nina@agence.fr',
      role: 'staff',
    });
    expect(await byEmail('nina@agence.fr')).toMatchObject({ state: 'active', link: null });
    expect((await byEmail('nina@agence.fr')).lastSignInAt).not.toBeNull();
    // single use
    const again = await useLink(made.link, GOOD);
    expect(again.res.status).toBe(410);
    expect(again.res.body.code).toBe('LINK_INVALID');
    // and the password signs in (NFKC: the same password typed with compatibility characters too)
    expect(await s.client().login('nina@agence.fr', GOOD)).toBe(200);
    expect(await s.client().login('nina@agence.fr', 'ｃｈｅｖａｌ agrafe batterie correcte')).toBe(200);
  });

  it('resending rotates the link (the old one dies); revoking ends the invitation', async () => {
    const first = await invite('rotate@agence.fr');
    const resent = await manager.call<TeamLink>('POST', `/api/team/users/${first.user.id}/invitation`);
    expect(resent.status).toBe(200);
    expect(resent.body.link).not.toBe(first.link);
    expect((await useLink(first.link, GOOD)).res.body.code).toBe('LINK_INVALID');
    const revoked = await manager.call('DELETE', `/api/team/users/${first.user.id}/invitation`);
    expect(revoked.status).toBe(200);
    expect((await useLink(resent.body.link, GOOD)).res.body.code).toBe('LINK_INVALID');
    expect(await byEmail('rotate@agence.fr')).toBeUndefined();
  });

  it('refuses an expired link, and an e-mail already in the team', async () => {
    const made = await invite('late@agence.fr');
    clock.offset = 7 * DAY_MS + 1_000;
    try {
      const late = await s.client().call<ErrorEnvelope>('POST', '/api/links/inspect', { token: tokenOf(made.link) });
      expect(late.status).toBe(410);
      expect((await useLink(made.link, GOOD)).res.body.code).toBe('LINK_INVALID');
    } finally {
      clock.offset = 0;
    }
    expect((await byEmail('late@agence.fr')).state).toBe('invited');
    const twice = await manager.call<ErrorEnvelope>('POST', '/api/team/invitations', {
      email: 'LATE@agence.fr',
      name: 'Autre',
      role: 'staff',
      lang: 'fr',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('USER_EXISTS');
  });

  it('changes a role, effective at the colleague’s next request; deactivation ends their session at once', async () => {
    const made = await invite('moves@agence.fr');
    const { c } = await useLink(made.link, GOOD);
    const id = made.user.id;
    const changed = await manager.call<TeamMember>('PATCH', `/api/team/users/${id}`, { role: 'intermediary' });
    expect(changed.status).toBe(200);
    expect(changed.body.role).toBe('intermediary');
    const next = await c.call<{ user: { role: string } }>('GET', '/api/session');
    expect(next.body.user.role).toBe('intermediary');
    expect(next.headers.get('x-session-role')).toBe('intermediary');

    const off = await manager.call<TeamMember>('POST', `/api/team/users/${id}/deactivate`);
    expect(off.body.state).toBe('deactivated');
    expect((await c.call('GET', '/api/session')).status).toBe(401);
    expect(await s.client().login('moves@agence.fr', GOOD)).toBe(403);
    // their name stays on what they did
    const trail = await manager.call<AuditPage>('GET', '/api/audit?actor=moves@agence.fr');
    expect(trail.body.items.some((r) => r.operation === 'acceptInvitation' && r.actorName === 'Nina Nouvelle')).toBe(true);

    const back = await manager.call<TeamMember>('POST', `/api/team/users/${id}/reactivate`);
    expect(back.body.state).toBe('active');
    expect(await s.client().login('moves@agence.fr', GOOD)).toBe(200);
  });

  it('resets a password by the same kind of link: the old password and the other sessions end', async () => {
    const made = await invite('forgot@agence.fr');
    const { c } = await useLink(made.link, GOOD);
    const reset = await manager.call<TeamLink>('POST', `/api/team/users/${made.user.id}/password-reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.user.link?.kind).toBe('reset');
    const fresh = 'un tout autre mot de passe';
    const { res } = await useLink(reset.body.link, fresh);
    expect(res.status).toBe(200);
    expect((await c.call('GET', '/api/session')).status).toBe(401);
    expect(await s.client().login('forgot@agence.fr', GOOD)).toBe(401);
    expect(await s.client().login('forgot@agence.fr', fresh)).toBe(200);
  });

  it('refuses attacks with a clear 4xx and writes nothing', async () => {
    const staff = await s.signedIn('staff');
    const before = await team();
    const someone = before.find((u) => u.email === 'intermediary@demo-agency.fr') as TeamMember;
    const me = before.find((u) => u.email === 'manager@demo-agency.fr') as TeamMember;
    const attempts: [Client, string, string, unknown, number, string][] = [
      [staff, 'GET', '/api/team', undefined, 403, 'FORBIDDEN_ROLE'],
      [staff, 'POST', '/api/team/invitations', { email: 'x@agence.fr', name: 'X', role: 'manager', lang: 'fr' }, 403, 'FORBIDDEN_ROLE'],
      [staff, 'PATCH', `/api/team/users/${someone.id}`, { role: 'manager' }, 403, 'FORBIDDEN_ROLE'],
      [staff, 'POST', `/api/team/users/${someone.id}/deactivate`, undefined, 403, 'FORBIDDEN_ROLE'],
      [manager, 'PATCH', `/api/team/users/${me.id}`, { role: 'staff' }, 403, 'OWN_ACCOUNT'],
      [manager, 'POST', `/api/team/users/${me.id}/deactivate`, undefined, 403, 'OWN_ACCOUNT'],
      [manager, 'PATCH', `/api/team/users/${someone.id}`, { role: 'admin' }, 400, 'INVALID_REQUEST'],
      [manager, 'POST', '/api/team/invitations', { email: 'y@agence.fr', name: 'Y', role: 'root', lang: 'fr' }, 400, 'INVALID_REQUEST'],
      [manager, 'PATCH', '/api/team/users/6f1c1d64-5b0e-4c36-9d7e-1b1c6b3e9a10', { role: 'staff' }, 404, 'NOT_FOUND'],
      [manager, 'POST', '/api/team/users/6f1c1d64-5b0e-4c36-9d7e-1b1c6b3e9a10/deactivate', undefined, 404, 'NOT_FOUND'],
      [manager, 'PATCH', '/api/team/users/not-an-id', { role: 'staff' }, 400, 'INVALID_REQUEST'],
      [manager, 'DELETE', `/api/team/users/${someone.id}/invitation`, undefined, 409, 'USER_STATE'],
      [s.client(), 'GET', '/api/team', undefined, 401, 'UNAUTHENTICATED'],
      [s.client(), 'POST', '/api/links/use', { token: 'A'.repeat(43), password: GOOD }, 410, 'LINK_INVALID'],
      [s.client(), 'POST', '/api/links/use', { token: '../../etc', password: GOOD }, 400, 'INVALID_REQUEST'],
    ];
    for (const [c, method, path, body, status, code] of attempts) {
      const res = await c.call<ErrorEnvelope>(method, path, body);
      expect([path, res.status, res.body.code]).toEqual([path, status, code]);
      expect(res.body.message).not.toBe('');
    }
    expect(await team()).toEqual(before);
  });

  it('records every team change in the audit trail, with who and whom', async () => {
    const trail = await manager.call<AuditPage>('GET', '/api/audit?pageSize=100');
    const ops = new Set(trail.body.items.map((r) => r.operation));
    for (const op of [
      'inviteUser',
      'resendInvitation',
      'revokeInvitation',
      'changeRole',
      'deactivateUser',
      'reactivateUser',
      'sendPasswordReset',
      'acceptInvitation',
      'resetPassword',
    ])
      expect(ops).toContain(op);
    const role = trail.body.items.find((r) => r.operation === 'changeRole' && r.result === 'success');
    expect(role?.details).toMatchObject({ user: 'moves@agence.fr', role: 'intermediary', from: 'staff' });
    expect(role?.actorName).toBe('Marion Manager');
    expect(trail.body.items.some((r) => r.operation === 'changeRole' && r.result === 'OWN_ACCOUNT')).toBe(true);
    expect(JSON.stringify(trail.body)).not.toContain(GOOD);
  });
});

describe('a deactivated colleague signing in', () => {
  const attempt = (email: string, password: string) =>
    s
      .client()
      .call<ErrorEnvelope>('POST', '/api/login', { email, password })
      .then((r) => ({
        answer: [r.status, r.body.code, r.body.message],
        cookie: r.headers.get('set-cookie'),
      }));

  it('is told after the right password that the account is deactivated (ask a manager), and the trail says so; a wrong one tells nothing', async () => {
    const made = await invite('gone@agence.fr');
    await useLink(made.link, GOOD);
    expect((await manager.call('POST', `/api/team/users/${made.user.id}/deactivate`)).status).toBe(200);

    const right = await attempt('gone@agence.fr', GOOD);
    expect(right.answer.slice(0, 2)).toEqual([403, 'ACCOUNT_DEACTIVATED']);
    expect(right.cookie).toBeNull();
    // a wrong password: the very answer of an active account's wrong password, and of an unknown e-mail
    const wrong = await attempt('gone@agence.fr', 'pas le bon mot de passe');
    expect(wrong.answer).toEqual((await attempt('staff@demo-agency.fr', 'pas le bon mot de passe')).answer);
    expect(wrong.answer).toEqual((await attempt('personne@agence.fr', 'pas le bon mot de passe')).answer);
    expect(wrong.answer.slice(0, 2)).toEqual([401, 'INVALID_CREDENTIALS']);

    // the manager reads both attempts under the colleague's name, each with its own reason
    const trail = await manager.call<AuditPage>('GET', '/api/audit?operation=signIn&actor=gone@agence.fr&pageSize=2');
    expect(trail.body.items.map((r) => [r.actorName, r.result])).toEqual([
      ['Nina Nouvelle', 'INVALID_CREDENTIALS'],
      ['Nina Nouvelle', 'ACCOUNT_DEACTIVATED'],
    ]);

    // reactivated, the same password signs in
    expect((await manager.call('POST', `/api/team/users/${made.user.id}/reactivate`)).status).toBe(200);
    expect(await s.client().login('gone@agence.fr', GOOD)).toBe(200);
  });

  it('is told no sooner than a password guess would be: wrong passwords slow the address down first, right one or not', async () => {
    const made = await invite('slowed@agence.fr');
    await useLink(made.link, GOOD);
    await manager.call('POST', `/api/team/users/${made.user.id}/deactivate`);
    for (let i = 0; i <= FREE_FAILURES; i++) expect((await attempt('slowed@agence.fr', `faux ${i}`)).answer[1]).toBe('INVALID_CREDENTIALS');
    const delayed = await attempt('slowed@agence.fr', GOOD);
    expect(delayed.answer.slice(0, 2)).toEqual([429, 'SIGN_IN_DELAYED']);
  });
});

describe('team links by e-mail', () => {
  let smtp: SmtpCapture;
  let m: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    m = await startServer({ sandbox: false, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tableau de bord <no-reply@agence.fr>' } });
  });
  afterAll(async () => {
    await m.close();
    await smtp.close();
  });

  it('are mailed in the invitee’s language, with the link the manager sees', async () => {
    const boss = await m.signedIn('manager');
    for (const [email, lang, words] of [
      ['fr@agence.fr', 'fr', 'vous invite'],
      ['en@agence.fr', 'en', 'invites you'],
    ] as const) {
      const res = await boss.call<TeamLink>('POST', '/api/team/invitations', { email, name: 'Zoé', role: 'staff', lang });
      expect(res.body.mailed).toBe(true);
      const mail = await smtp.waitFor(email);
      const raw = mail.raw.replace(/=\r?\n/g, '');
      expect(raw).toContain(words);
      expect(raw).toContain(tokenOf(res.body.link));
    }
  });
});

describe('common passwords', () => {
  it('are refused however long (the dictionaries shipped, offline), and the link still works after', async () => {
    const boss = await s.signedIn('manager');
    const res = await boss.call<TeamLink>('POST', '/api/team/invitations', {
      email: 'common@agence.fr',
      name: 'Zed',
      role: 'staff',
      lang: 'fr',
    });
    for (const password of ['passwordpassword', 'aaaaaaaaaaaaaaaaaaaa', '123456789012345678', 'azertyuiopqsdfghjklm']) {
      const used = await s.client().call<ErrorEnvelope>('POST', '/api/links/use', { token: tokenOf(res.body.link), password });
      expect([password, used.status, used.body.details?.[0]?.rule?.key]).toEqual([password, 400, 'passwordCommon']);
    }
    expect((await s.client().call('POST', '/api/links/use', { token: tokenOf(res.body.link), password: GOOD })).status).toBe(200);
  });
});

describe('the last active manager', () => {
  it('is neither demoted nor deactivated, even when two managers demote each other at the same moment', async () => {
    const made = await invite('boss@agence.fr', 'manager');
    await useLink(made.link, GOOD);
    const me = (await byEmail('manager@demo-agency.fr')).id;
    // the service itself (both requests past their role check at once, as two replicas would be)
    const results = await Promise.allSettled([
      s.stores.team.changeRole(made.user.id, 'staff', { email: 'manager@demo-agency.fr', name: 'Marion Manager' }),
      s.stores.team.changeRole(me, 'staff', { email: 'boss@agence.fr', name: 'Nina Nouvelle' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_MANAGER' });
    const managers = (await s.stores.users.all()).filter((u) => u.role === 'manager' && u.state === 'active');
    expect(managers).toHaveLength(1);
    const last = managers[0] as (typeof managers)[number];
    const other = last.email === 'boss@agence.fr' ? 'manager@demo-agency.fr' : 'boss@agence.fr';
    await expect(s.stores.team.deactivate(last.id, { email: other, name: 'X' })).rejects.toMatchObject({ code: 'LAST_MANAGER' });
    await expect(s.stores.team.changeRole(last.id, 'intermediary', { email: other, name: 'X' })).rejects.toMatchObject({
      code: 'LAST_MANAGER',
    });
    expect((await s.stores.users.all()).filter((u) => u.role === 'manager' && u.state === 'active')).toHaveLength(1);
  });
});
