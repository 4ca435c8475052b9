import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/audit.js';
import type { ErrorEnvelope } from '../../contract/errors.js';
import {
  FOLLOW_PATHS,
  type FollowState,
  type FollowedPage,
  type NotificationPage,
  type UnsubscribeResult,
} from '../../contract/follows.js';
import { run } from '../../sandbox/db/database.js';
import { projectAt, validatedClaim } from '../../sandbox/test/flows.js';
import { claimBody, type TestSandbox } from '../../sandbox/test/harness.js';
import { ASSIGNMENT_PATHS } from '../../contract/assignments.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { createMailer } from '../mail/mailer.js';
import { startSmtpCapture, textOf, type CapturedMail, type SmtpCapture } from '../test/smtp-capture.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';
import { NotificationMail, unsubscribeToken } from './mail.js';
import { NOTIFICATIONS_KEPT, NOTIFICATION_DAYS } from './store.js';
import { TEAM_PATHS } from '../../contract/team.js';

// The sandbox's clock on 2026-06-15, 10:00 UTC (12:00 in Paris).
let smtp: SmtpCapture;
let s: TestServer;
let sb: TestSandbox;
let staff: Client;
let manager: Client;
let intermediary: Client;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  s = await startServer({
    sandbox: { now: () => new Date('2026-06-15T10:00:00Z') },
    server: { mailer: createMailer({ smtpUrl: smtp.url, from: 'Tableau de bord <no-reply@agence.test>' }), digestEveryMs: 0 },
  });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  // the partner's webhooks come to this server, when the test delivers them
  run(sb.ctx.db, 'UPDATE organizations SET webhook_url = ?', `${s.url}/webhooks/partner`);
  staff = await s.signedIn('staff');
  manager = await s.signedIn('manager');
  intermediary = await s.signedIn('intermediary');
  await s.sync.runInitial();
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

/** The partner delivers what it has pending, and every notification of it is made. */
const deliver = async () => {
  await sb.deliverer.tick();
  await s.notifier.idle();
};
const notes = async (c: Client) => (await c.call<NotificationPage>('GET', FOLLOW_PATHS.notifications)).body;
const follow = (c: Client, kind: 'project' | 'claim', id: string) => c.call<FollowState>('PUT', FOLLOW_PATHS.followOf(kind, id));

function signedWebhook(event: { id: string; type: string; data: Record<string, unknown> }) {
  const at = new Date();
  const body = JSON.stringify({ ...event, createdAt: at.toISOString() });
  return fetch(`${s.url}/webhooks/partner`, {
    method: 'POST',
    body,
    headers: webhookHeaders(SANDBOX_DEFAULT_WEBHOOK_SECRET, event.id, at, body),
  });
}

/** A validated claim the read model keeps, its creation's events delivered (said to nobody: nobody follows it yet). */
async function keptClaim(firstDue = '2026-04-05') {
  const { project, claim } = await validatedClaim(sb, firstDue);
  await deliver();
  return { projectId: project.id, claimId: claim.id };
}

describe('following a file', () => {
  it('follows a file one may see, stops with one call, lists it; an unknown file is 404 and an out-of-scope one 403, nothing stored', async () => {
    const { claimId } = await keptClaim();
    const on = await follow(intermediary, 'claim', claimId);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ following: true, reason: 'manual', sinceLastVisit: [] });
    const list = (await intermediary.call<FollowedPage>('GET', FOLLOW_PATHS.follows)).body;
    expect(list.items[0]).toMatchObject({ kind: 'claim', id: claimId, reason: 'manual' });
    expect(list.items[0]?.label).not.toBe('');
    const off = await intermediary.call<FollowState>('DELETE', FOLLOW_PATHS.followOf('claim', claimId));
    expect(off.body.following).toBe(false);

    const unknown = await intermediary.call<ErrorEnvelope>('PUT', FOLLOW_PATHS.followOf('claim', '00000000-0000-4000-8000-0000000000ab'));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    // a project that is not active and has no claim: outside an intermediary's scope
    const pending = await projectAt(sb, 1);
    await s.sync.syncProject(pending.id);
    const outside = await intermediary.call<ErrorEnvelope>('PUT', FOLLOW_PATHS.followOf('project', pending.id));
    expect([outside.status, outside.body.code]).toEqual([403, 'OUT_OF_SCOPE']);
    expect((await intermediary.call<FollowedPage>('GET', FOLLOW_PATHS.follows)).body.total).toBe(0);
    expect((await staff.call('PUT', FOLLOW_PATHS.followOf('project', pending.id))).status).toBe(200);

    // the trail says who followed and unfollowed what
    const trail = (await manager.call<AuditPage>('GET', `/api/audit?claimId=${claimId}`)).body.items.map((r) => r.operation);
    expect(trail).toEqual(expect.arrayContaining(['followFile', 'unfollowFile']));
  });

  it('refuses an e-mail choice that is not one of the choices, and a digest hour from anyone but a manager', async () => {
    const bad = await staff.call<ErrorEnvelope>('PUT', FOLLOW_PATHS.preferences, { email: 'weekly' });
    expect(bad.status).toBe(400);
    expect((await staff.call('GET', FOLLOW_PATHS.preferences)).body).toEqual({ email: 'digest' });
    expect((await staff.call<ErrorEnvelope>('PUT', FOLLOW_PATHS.digestHour, { hour: 9 })).status).toBe(403);
    expect((await manager.call('PUT', FOLLOW_PATHS.digestHour, { hour: 24 })).status).toBe(400);
  });
});

describe('notifications', () => {
  it('a payment recorded by staff: exactly one notification for the follower, however many partner events echo it; none for its author', async () => {
    const { claimId } = await keptClaim();
    await follow(intermediary, 'claim', claimId);
    await follow(staff, 'claim', claimId);
    const before = (await notes(intermediary)).unread;
    const paid = await staff.call('POST', `/api/v1/claims/${claimId}/payments`, { amount: 120.5, applyDate: '2026-06-01' });
    expect(paid.status).toBe(201);
    await s.notifier.idle();
    // the partner's echoes of the spread payment (one event per month it touched)
    await deliver();
    const page = await notes(intermediary);
    const about = page.items.filter((n) => n.file.id === claimId);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      kind: 'payment.recorded',
      actor: 'Samuel Staff',
      params: { amount: 120.5, date: '2026-06-01' },
      readAt: null,
    });
    expect(page.unread).toBe(before + 1);
    expect((await notes(staff)).items.filter((n) => n.file.id === claimId)).toEqual([]);

    // opening it marks it read; the file page says what changed since the last visit
    const visit = await intermediary.call<FollowState>('POST', FOLLOW_PATHS.visitOf('claim', claimId));
    expect(visit.body.sinceLastVisit.map((n) => n.kind)).toEqual(['payment.recorded']);
    expect((await intermediary.call('GET', FOLLOW_PATHS.unread)).body).toEqual({ unread: before });
  });

  it('a partner event said once however often it is delivered; several of one claim and kind summed up in one', async () => {
    const { claimId } = await keptClaim();
    await follow(staff, 'claim', claimId);
    const event = {
      id: `evt-receipt-${claimId}`,
      type: 'rental_debt.receipt.pending_signature',
      data: { claimId, rentDueDate: '2026-04-05' },
    };
    expect((await signedWebhook(event)).status).toBe(200);
    expect((await signedWebhook(event)).status).toBe(200);
    await s.notifier.idle();
    let mine = (await notes(staff)).items.filter((n) => n.file.id === claimId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'receipt.pending', actor: null, params: { months: ['2026-04'] } });

    // a flood: twenty months' receipts from the partner make one notification, its months joined
    for (let i = 0; i < 20; i++) {
      const month = `2026-${String((i % 12) + 1).padStart(2, '0')}-05`;
      expect((await signedWebhook({ ...event, id: `${event.id}-${i}`, data: { claimId, rentDueDate: month } })).status).toBe(200);
    }
    await s.notifier.idle();
    mine = (await notes(staff)).items.filter((n) => n.file.id === claimId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.params.count).toBe(21);
    expect(mine[0]?.params.months).toHaveLength(12);
  });

  it('none once the file leaves the person’s scope; a colleague who may still see it is told', async () => {
    const project = await projectAt(sb, 7);
    await s.sync.syncProject(project.id);
    expect((await follow(intermediary, 'project', project.id)).status).toBe(200);
    await follow(staff, 'project', project.id);
    const before = (await notes(intermediary)).items.length;
    // the partner suspends the contract: no longer active, no claim, so out of the intermediary's scope
    expect((await sb.call('POST', `/sandbox/projects/${project.id}/status`, { status: 9 })).status).toBe(200);
    await deliver();
    expect((await notes(intermediary)).items).toHaveLength(before);
    const told = (await notes(staff)).items.filter((n) => n.file.id === project.id.toLowerCase());
    expect(told.map((n) => [n.kind, n.params.status, n.actor])).toEqual([['project.status', 9, null]]);
  });

  it('watching a project watches the claims already opened on it too, as the account page says', async () => {
    const kept = await keptClaim();
    const claimId = kept.claimId.toLowerCase();
    expect((await manager.call<FollowState>('GET', FOLLOW_PATHS.followOf('claim', claimId))).body.following).toBe(false);
    expect((await follow(manager, 'project', kept.projectId)).status).toBe(200);
    expect((await manager.call<FollowState>('GET', FOLLOW_PATHS.followOf('claim', claimId))).body).toMatchObject({
      following: true,
      reason: 'project',
    });
  });

  it('follows what one creates and is assigned, and a claim opened on a followed project', async () => {
    const project = await projectAt(sb, 7);
    await s.sync.syncProject(project.id);
    await follow(manager, 'project', project.id);
    const opened = await staff.call<{ id: string }>('POST', `/api/v1/projects/${project.id}/claims`, claimBody('2026-04-05'));
    expect(opened.status).toBe(201);
    await s.notifier.idle();
    const claimId = opened.body.id.toLowerCase();
    expect((await staff.call<FollowState>('GET', FOLLOW_PATHS.followOf('claim', claimId))).body.reason).toBe('created');
    expect((await manager.call<FollowState>('GET', FOLLOW_PATHS.followOf('claim', claimId))).body.reason).toBe('project');
    expect((await notes(manager)).items.find((n) => n.file.id === claimId)).toMatchObject({ kind: 'claim.created', actor: 'Samuel Staff' });

    const { colleagues } = (await manager.call<{ colleagues: { id: string; name: string }[] }>('GET', ASSIGNMENT_PATHS.colleagues)).body;
    const ines = colleagues.find((c) => c.name === 'Inès Intermédiaire');
    expect((await manager.call('PUT', `/api/assignments/claim/${claimId}`, { userId: ines?.id })).status).toBe(200);
    await s.notifier.idle();
    expect((await intermediary.call<FollowState>('GET', FOLLOW_PATHS.followOf('claim', claimId))).body.reason).toBe('assigned');
    expect((await notes(staff)).items.find((n) => n.file.id === claimId && n.kind === 'assigned')).toMatchObject({
      params: { assignee: 'Inès Intermédiaire' },
      actor: 'Marion Manager',
    });
  });
});

describe('e-mail', () => {
  it('sends the daily digest once at the organization’s hour, with a one-click unsubscribe that works once and says so after', async () => {
    const { claimId } = await keptClaim();
    await follow(manager, 'claim', claimId);
    expect((await staff.call('POST', `/api/v1/claims/${claimId}/payments`, { amount: 40, applyDate: '2026-06-02' })).status).toBe(201);
    await s.notifier.idle();
    // 12:00 in Paris: an hour of 13 has not come yet; 12 has
    expect((await manager.call('PUT', FOLLOW_PATHS.digestHour, { hour: 13 })).status).toBe(200);
    const noon = new Date('2026-06-15T10:00:00Z');
    expect(await s.notificationMail.tick(noon)).toBe(0);
    expect((await manager.call('PUT', FOLLOW_PATHS.digestHour, { hour: 12 })).status).toBe(200);
    // ticks at once (as replicas would): each person's digest is claimed once
    const sent = await Promise.all([s.notificationMail.tick(noon), s.notificationMail.tick(noon)]);
    expect(smtp.mails.filter((m) => m.to.includes('manager@demo-agency.fr'))).toHaveLength(1);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await s.notificationMail.tick(noon)).toBe(0);
    const mail = textOf(await smtp.waitFor('manager@demo-agency.fr'));
    expect(mail).toContain('Bonjour Marion Manager');
    expect(mail).toMatch(/paiement de 40,00.€ du 2 juin 2026 enregistré par Samuel Staff/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /List-Unsubscribe: <(http:\/\/[^>]+)>/.exec(mail)?.[1];
    expect(link).toMatch(/\/api\/unsubscribe\?t=/);
    expect(mail).toMatch(/\/unsubscribe\?t=/);

    // the mail client's one-click POST: a form, no Origin, no session
    // (the link names the configured origin; this test's server listens on a port of its own)
    const linked = new URL(link ?? '');
    const url = new URL(`${linked.pathname}${linked.search}`, s.url);
    const once = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect([once.status, (await once.json()) as UnsubscribeResult]).toEqual([200, { result: 'unsubscribed', stopped: 'digest' }]);
    expect((await manager.call('GET', FOLLOW_PATHS.preferences)).body).toEqual({ email: 'none' });
    const again = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect((await again.json()) as UnsubscribeResult).toEqual({ result: 'already', stopped: 'digest' });
    // a forged token, or one signed with another secret: refused, nothing changed
    expect((await manager.call('PUT', FOLLOW_PATHS.preferences, { email: 'urgent' })).status).toBe(200);
    const token = url.searchParams.get('t') ?? '';
    for (const forged of [`${token.slice(0, -2)}xx`, unsubscribeToken('another-secret', 'x', 'digest', Date.now()), '']) {
      const r = await s.client().call<ErrorEnvelope>('POST', FOLLOW_PATHS.unsubscribe, { t: forged });
      expect([r.status, r.body.code]).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
    }
    expect((await manager.call('GET', FOLLOW_PATHS.preferences)).body).toEqual({ email: 'urgent' });
  });

  it('sends an urgent kind at once to whoever chose it, saying only what she may see', async () => {
    const { claimId } = await keptClaim();
    expect((await staff.call('PUT', FOLLOW_PATHS.preferences, { email: 'urgent' })).status).toBe(200);
    await follow(staff, 'claim', claimId);
    const event = {
      id: `evt-urgent-${claimId}`,
      type: 'rental_debt.receipt.pending_signature',
      data: { claimId, rentDueDate: '2026-05-05' },
    };
    expect((await signedWebhook(event)).status).toBe(200);
    await s.notifier.idle();
    // (sent beside the change: idle has waited for it)
    const mail = textOf(smtp.mails.filter((m) => m.to.includes('staff@demo-agency.fr')).at(-1) as CapturedMail);
    expect(mail).toMatch(/la quittance de mai 2026 attend la signature du bailleur/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

describe('limits', () => {
  it('keeps 90 days and at most NOTIFICATIONS_KEPT a person, purged with the housekeeping', async () => {
    const { follows } = s.stores;
    const userId = (await manager.call<{ me: string }>('GET', ASSIGNMENT_PATHS.colleagues)).body.me;
    const now = Date.now();
    const file = { kind: 'claim' as const, id: '00000000-0000-4000-8000-0000000000cd', label: 'Purge Test' };
    const old = { kind: 'claim.created' as const, file, params: {}, actor: null, groupKey: null };
    expect(
      await follows.addMany([userId], { ...old, sourceKey: 'purge-old', at: now - (NOTIFICATION_DAYS + 1) * 86_400_000 }, 0),
    ).toHaveLength(1);
    for (let i = 0; i < NOTIFICATIONS_KEPT + 5; i++)
      await follows.addMany([userId], { ...old, sourceKey: `purge-${i}`, at: now - i * 1000 }, 0);
    await follows.purge(now, 180);
    const kept = await s.stores.db.selectFrom('notifications').select('source_key').where('user_id', '=', userId).execute();
    expect(kept).toHaveLength(NOTIFICATIONS_KEPT);
    expect(kept.map((r) => r.source_key)).not.toContain('purge-old');
    expect(kept.map((r) => r.source_key)).toContain('purge-0');
    expect(kept.map((r) => r.source_key)).not.toContain(`purge-${NOTIFICATIONS_KEPT}`);
  });

  it('a burst of partner events: each said once, and the server answers meanwhile, not after the last of them', async () => {
    const { claimId } = await keptClaim();
    await follow(staff, 'claim', claimId);
    const unread = async () => (await staff.call<{ unread: number }>('GET', FOLLOW_PATHS.unread)).body.unread;
    const { hub } = s.stores;
    const BURST = 200;
    const ids: string[] = [];
    // stored as the webhook receiver stores them (a status each: said one by one, never summed up)
    for (let i = 0; i < BURST; i++) {
      const event = {
        id: `evt-burst-${claimId}-${i}`,
        type: 'claim.updated',
        data: { claimId, status: 30 + (i % 2) * 10, previousStatus: 20 },
      };
      expect(await hub.record(event.id, event.type, JSON.stringify(event))).toBe(true);
      ids.push(event.id);
    }
    const before = await unread();
    // all handed over at once, as the receiver hands each fresh event on before it answers the partner
    for (const id of ids)
      s.notifier.run(async () => {
        const e = await hub.byId(id);
        if (e) await s.notifier.fromPartnerEvent(e);
      });
    const meanwhile = await unread();
    await s.notifier.idle();
    expect((await unread()) - before).toBe(BURST);
    expect(meanwhile - before).toBeLessThan(BURST);
  });

  it('a relay that refuses the digest: the claim is let go and the next tick sends it (at least once)', async () => {
    const { claimId } = await keptClaim();
    expect((await staff.call('PUT', FOLLOW_PATHS.preferences, { email: 'digest' })).status).toBe(200);
    await follow(staff, 'claim', claimId);
    expect((await manager.call('POST', `/api/v1/claims/${claimId}/payments`, { amount: 15, applyDate: '2026-06-03' })).status).toBe(201);
    await s.notifier.idle();
    let refuse = true;
    const sent: string[] = [];
    const relay = {
      enabled: true,
      send: async (m: { to: string }) => {
        if (refuse) throw new Error('421 try again later');
        sent.push(m.to);
      },
      close: () => undefined,
    };
    const mail = new NotificationMail({
      store: s.stores.follows,
      mailer: relay,
      notifier: s.notifier,
      secret: 'x',
      origin: s.url,
      partnerNow: async () => new Date('2026-06-16T10:00:00Z'),
      log: { warn: () => undefined, info: () => undefined },
    });
    const morning = new Date('2026-06-16T10:00:00Z');
    await mail.tick(morning);
    expect(sent).toEqual([]);
    refuse = false;
    await mail.tick(morning);
    expect(sent).toContain('staff@demo-agency.fr');
    const count = sent.length;
    await mail.tick(morning);
    expect(sent).toHaveLength(count);
  });
});

describe('a deactivated person', () => {
  it('gets nothing', async () => {
    const { claimId } = await keptClaim();
    await follow(intermediary, 'claim', claimId);
    const before = (await notes(intermediary)).items.length;
    const { colleagues } = (await manager.call<{ colleagues: { id: string; name: string }[] }>('GET', ASSIGNMENT_PATHS.colleagues)).body;
    const ines = colleagues.find((c) => c.name === 'Inès Intermédiaire');
    expect((await manager.call('POST', TEAM_PATHS.deactivate(ines?.id ?? ''))).status).toBe(200);
    expect((await staff.call('POST', `/api/v1/claims/${claimId}/payments`, { amount: 10, applyDate: '2026-06-01' })).status).toBe(201);
    await s.notifier.idle();
    const stored = await s.stores.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', ines?.id ?? '')
      .execute();
    expect(stored).toHaveLength(before);
  });
});
