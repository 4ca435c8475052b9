import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_PATHS, NOTIFICATIONS_EVENT } from '../../contract/follows.js';
import { projectAt, validatedClaim } from '../../sandbox/test/flows.js';
import type { TestSandbox } from '../../sandbox/test/harness.js';
import { webhookHeaders } from '../../platform/webhook-signing.js';
import { SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../config.js';
import { createMailer } from '../mail/mailer.js';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.js';
import { openEventStream } from '../test/event-stream.js';
import { startReplicas, type Replicas, type TestServer } from '../test/harness.js';

/** Two replicas on one PostgreSQL database in front of one sandbox (its clock on 2026-06-15), one SMTP relay. */
let replicas: Replicas;
let sb: TestSandbox;
let smtp: SmtpCapture;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  replicas = await startReplicas({ mailer: createMailer({ smtpUrl: smtp.url, from: 'no-reply@agence.test' }), digestEveryMs: 0 });
  ({ sb, a, b } = replicas);
});
afterAll(async () => {
  await replicas.close();
  await smtp.close();
});

function postWebhook(server: TestServer, event: { id: string; type: string; data: Record<string, unknown> }) {
  const at = new Date();
  const body = JSON.stringify({ ...event, createdAt: at.toISOString() });
  return fetch(`${server.url}/webhooks/partner`, {
    method: 'POST',
    body,
    headers: webhookHeaders(SANDBOX_DEFAULT_WEBHOOK_SECRET, event.id, at, body),
  });
}

describe('following across replicas (PostgreSQL)', () => {
  it('a change received by one replica counts on the bell of a tab kept by the other; a project outside her scope is not streamed to her', async () => {
    const { claim } = await validatedClaim(sb, '2026-04-05');
    const pending = await projectAt(sb, 1);
    await a.sync.runInitial();
    const intermediary = await a.signedIn('intermediary');
    expect((await intermediary.call('PUT', FOLLOW_PATHS.followOf('claim', claim.id))).status).toBe(200);
    const tab = await openEventStream(`${a.url}/api/events`, { cookie: intermediary.cookie });
    expect(tab.status).toBe(200);
    expect(await tab.until((f) => f.event === NOTIFICATIONS_EVENT)).not.toBeNull();
    expect(JSON.parse(tab.frames.find((f) => f.event === NOTIFICATIONS_EVENT)?.data ?? '{}')).toEqual({ unread: 0 });

    // the partner reports a project outside her scope, then a receipt on her claim, both to the other replica
    expect((await postWebhook(b, { id: 'evt-pg-out', type: 'project.updated', data: { projectId: pending.id, status: 1 } })).status).toBe(
      200,
    );
    expect(
      (
        await postWebhook(b, {
          id: 'evt-pg-in',
          type: 'rental_debt.receipt.pending_signature',
          data: { claimId: claim.id, rentDueDate: '2026-04-05' },
        })
      ).status,
    ).toBe(200);
    await b.notifier.idle();
    expect(await tab.until((f) => f.event === NOTIFICATIONS_EVENT && JSON.parse(f.data).unread === 1)).not.toBeNull();
    expect(await tab.until((f) => f.event === 'partner' && f.data.includes('evt-pg-in'))).not.toBeNull();
    expect(tab.frames.filter((f) => f.event === 'partner').map((f) => (JSON.parse(f.data) as { id: string }).id)).toEqual(['evt-pg-in']);
    tab.close();
  });

  it('sends one digest per person and day however many replicas tick at once', async () => {
    const noon = new Date('2026-06-15T10:00:00Z');
    const manager = await b.signedIn('manager');
    expect((await manager.call('PUT', FOLLOW_PATHS.digestHour, { hour: 9 })).status).toBe(200);
    const sent = await Promise.all([
      a.notificationMail.tick(noon),
      b.notificationMail.tick(noon),
      a.notificationMail.tick(noon),
      b.notificationMail.tick(noon),
    ]);
    expect(sent.reduce((x, y) => x + y, 0)).toBe(1);
    const toHer = smtp.mails.filter((m) => m.to.includes('intermediary@demo-agency.fr'));
    expect(toHer).toHaveLength(1);
    expect(toHer[0]?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(await a.notificationMail.tick(noon)).toBe(0);
  });
});
