import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOn } from '../../sandbox/test/flows.js';
import type { TestSandbox } from '../../sandbox/test/harness.js';
import { createMailer } from '../mail/mailer.js';
import { reminderDue } from './reminders.js';
import { startSmtpCapture, textOf, type CapturedMail, type SmtpCapture } from '../test/smtp-capture.js';
import { startServer, type Client, type TestServer } from '../test/harness.js';

// Sandbox clock from 2026-06-10; the agency declares by the 20th (DECLARATION_DAY's default).
let smtp: SmtpCapture;
let s: TestServer;
let sb: TestSandbox;
let staff: Client;
let manager: Client;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  s = await startServer({
    sandbox: { seed: false, now: () => new Date('2026-06-10T10:00:00Z') },
    server: { mailer: createMailer({ smtpUrl: smtp.url, from: 'Tableau de bord <no-reply@agence.test>' }), reminderEveryMs: 0 },
  });
  if (!s.sandbox) throw new Error('no sandbox');
  sb = s.sandbox;
  staff = await s.signedIn('staff');
  manager = await s.signedIn('manager');
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const clock = async (today: string) => expect((await staff.call('POST', '/api/sandbox/clock', { today })).status).toBe(200);
const sentTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('the monthly round reminders', () => {
  it('say which reminder a day calls for: five days before the declaration day, and on the day', () => {
    expect(reminderDue('2026-06-14', 20)).toBeNull();
    expect(reminderDue('2026-06-15', 20)).toEqual({ kind: 'before', day: '2026-06-20' });
    expect(reminderDue('2026-06-19', 20)).toEqual({ kind: 'before', day: '2026-06-20' });
    expect(reminderDue('2026-06-20', 20)).toEqual({ kind: 'day', day: '2026-06-20' });
    expect(reminderDue('2026-06-21', 20)).toBeNull();
    expect(reminderDue('2026-06-29', 3)).toEqual({ kind: 'before', day: '2026-07-03' });
  });

  it('mail staff and managers five days before and on the day, once each however often the replicas tick, in their language', async () => {
    await claimOn(sb, '2026-04-05'); // April is declared; May and June are due
    await clock('2026-06-14');
    expect(await s.reminders.tick()).toBe(0);

    await clock('2026-06-15');
    // two replicas ticking at once: each reminder is claimed once
    const sent = await Promise.all([s.reminders.tick(), s.reminders.tick(), s.reminders.tick()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(sentTo('intermediary@demo-agency.fr')).toHaveLength(0);
    const before = textOf(await smtp.waitFor('staff@demo-agency.fr'));
    expect(before).toContain('Bonjour Samuel Staff');
    expect(before).toContain('2 mois de 1 sinistre sont à déclarer');
    expect(before).toMatch(/http:\/\/127\.0\.0\.1:\d+\/round/);
    expect(before).toMatch(/Subject: .*D=C3=A9clarations|Subject: Déclarations|Subject: =\?UTF-8\?/);
    expect(await s.reminders.tick()).toBe(0);

    // the staff member reads them in English from now on
    expect((await staff.call('PUT', '/api/round/reminders', { enabled: true, lang: 'en' })).status).toBe(200);
    await clock('2026-06-20');
    expect(await s.reminders.tick()).toBe(2);
    expect(await s.reminders.tick()).toBe(0);
    const day = textOf(sentTo('staff@demo-agency.fr').at(-1) as CapturedMail);
    expect(day).toContain('Hello Samuel Staff');
    expect(day).toContain('Today (20/06/2026) is the agency');
    expect(day).toMatch(/Declare them from the monthly round: http:\/\/127\.0\.0\.1:\d+\/round/);
    expect(sentTo('manager@demo-agency.fr')).toHaveLength(2);
    expect(sentTo('staff@demo-agency.fr')).toHaveLength(2);
  });

  it('lists the claims past their deadline first, in the round’s words, and says what those words mean', async () => {
    const day = textOf(sentTo('manager@demo-agency.fr').at(-1) as CapturedMail);
    expect(day).toContain('— délai dépassé');
    expect(day).toContain('Délai dépassé : l’objectif de l’agence');
    expect(day).not.toContain('retard');
  });

  it('sends nothing to a user who switched them off, and nothing at all when nothing is due', async () => {
    const off = await manager.call<{ enabled: boolean; mailConfigured: boolean; eligible: boolean }>('PUT', '/api/round/reminders', {
      enabled: false,
      lang: 'fr',
    });
    expect(off.body).toMatchObject({ enabled: false, mailConfigured: true, eligible: true });
    // one switch: My account shows what the round page set
    expect((await manager.call<{ remindersEnabled: boolean }>('GET', '/api/account')).body.remindersEnabled).toBe(false);
    await clock('2026-07-15');
    expect(await s.reminders.tick()).toBe(1);
    expect(sentTo('manager@demo-agency.fr')).toHaveLength(2);
    expect(sentTo('staff@demo-agency.fr')).toHaveLength(3);

    const claims = (await sb.call<{ items: { id: string }[] }>('GET', '/v1/claims?pageSize=100')).body.items;
    for (const c of claims) await sb.call('POST', `/sandbox/claims/${c.id}/status`, { status: 140 });
    await clock('2026-07-20');
    expect(await s.reminders.tick()).toBe(0);
  });

  it('is one switch with My account: turned off there, the round page shows it off and no reminder goes', async () => {
    expect((await staff.call('PUT', '/api/account/reminders', { enabled: false })).status).toBe(200);
    expect((await staff.call<{ enabled: boolean }>('GET', '/api/round/reminders')).body.enabled).toBe(false);
    expect((await s.stores.reminders.recipients()).map((r) => r.email)).not.toContain('staff@demo-agency.fr');
    expect((await staff.call('PUT', '/api/account/reminders', { enabled: true })).status).toBe(200);
    expect((await s.stores.reminders.recipients()).map((r) => r.email)).toContain('staff@demo-agency.fr');
  });

  it('refuses a setting it does not understand, and changes nothing', async () => {
    const bad = await staff.call<{ code: string }>('PUT', '/api/round/reminders', { enabled: 'yes', lang: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_REQUEST');
    expect((await staff.call<{ lang: string }>('GET', '/api/round/reminders')).body.lang).toBe('en');
  });
});
