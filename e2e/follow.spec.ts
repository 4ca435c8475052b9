import type { Page } from '@playwright/test';
import { expect, test, activeClaim, apiAs, signInByApi, LIVE_MS, USERS } from './support.js';

// this spec reads the product's e-mails: its worker's product sends them to an SMTP capture
test.use({ smtp: true });
test.setTimeout(120_000); // an active claim made through the partner API, three people, a day of the sandbox

/** The whole message as the relay received it, its headers unfolded and its quoted-printable text decoded. */
function readMail(raw: string): { headers: string; text: string } {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  let text = body.join('\n\n');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    text = Buffer.from(
      text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return { headers, text };
}

/** The header's bell, whatever count its name says. */
const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('an intermediary on a phone follows a claim; a colleague’s payment rings her bell, opens the claim, and comes in the next morning’s digest with a working unsubscribe link', async ({
  browser,
  mailbox,
}) => {
  if (!mailbox) throw new Error('this spec runs with the SMTP capture (test.use smtp)');
  // a staff member at a desk makes the claim (the tenant "Suivi")
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await desk.newPage();
  await signInByApi(staff, 'staff');
  await staff.goto('/');
  const claimId = await activeClaim(staff, 1, 'Suivi');

  // the intermediary, on her phone, follows it from its page
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const inter = await phone.newPage();
  await signInByApi(inter, 'intermediary');
  await inter.goto(`/claims/${claimId}`);
  await inter.getByRole('button', { name: 'Surveiller', pressed: false }).click();
  await expect(inter.getByRole('button', { name: 'Surveillé', pressed: true })).toBeVisible();
  // and goes back to her list
  await inter.goto('/claims');
  await expect(bellOf(inter)).toHaveAccessibleName('Notifications');

  // the staff member records a tenant payment on it, through the claim's page
  await staff.goto(`/claims/${claimId}`);
  const form = staff.getByRole('form', { name: 'Enregistrer un paiement' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Montant').fill('150');
  await form.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Paiement enregistré' })).toBeVisible();

  // her bell counts one, without a reload (the one live stream)
  await expect(bellOf(inter)).toHaveAccessibleName('Notifications, 1 non lue', { timeout: LIVE_MS });
  await bellOf(inter).click();
  const panel = inter.getByRole('dialog', { name: 'Notifications' });
  // on a phone, the list takes the whole width
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())?.width).toBe(390);
  const line = panel.getByRole('link', { name: /^Sinistre Léa Suivi : paiement de 150,00 .* enregistré par .*\(Non lue\)/ });
  await expect(line).toHaveCount(1);
  await inter.screenshot({ path: 'test-results/follow-bell-390.png' });
  await line.click();
  await expect(inter).toHaveURL(new RegExp(`/claims/${claimId}$`));
  await expect(inter.getByRole('heading', { level: 1, name: 'Léa Suivi' })).toBeVisible();
  // opened, it is read
  await expect(bellOf(inter)).toHaveAccessibleName('Notifications', { timeout: LIVE_MS });

  // later that day a second payment, which she does not open; the manager sets the digests at midnight
  // (so the next day's is due whatever the hour the test runs at)
  expect((await apiAs(staff, 'POST', `/api/v1/claims/${claimId}/payments`, { amount: 60, applyDate: await today(staff) })).status()).toBe(
    201,
  );
  await expect(bellOf(inter)).toHaveAccessibleName('Notifications, 1 non lue', { timeout: LIVE_MS });
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await office.newPage();
  await signInByApi(manager, 'manager');
  await manager.goto('/settings');
  const hours = manager.getByRole('form', { name: 'Récapitulatif quotidien des notifications' });
  await hours.getByRole('combobox', { name: 'Heure d’envoi' }).click();
  await manager.getByRole('option', { name: '0 h', exact: true }).click();
  await hours.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(hours.getByRole('status')).toHaveText('L’heure du récapitulatif est enregistrée.');

  // the next morning (the sandbox's clock moved a day): the digest of what she has not read
  expect((await apiAs(manager, 'POST', '/api/sandbox/clock', { advanceDays: 1 })).status()).toBe(200);
  const mail = readMail((await mailbox.waitFor(USERS.intermediary, LIVE_MS)).raw);
  expect(mail.text).toMatch(/Sinistre Léa Suivi : paiement de 60,00\s€ du .* enregistré par Samuel Staff/);
  expect(mail.text).not.toMatch(/paiement de 150,00\s€/);
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail.headers)?.[1] ?? '';
  const token = new URL(link).searchParams.get('t') ?? '';
  expect(mail.text).toContain(`/unsubscribe?t=${encodeURIComponent(token)}`);

  // the link, opened on her phone (no sign-in needed): the page changes nothing until she presses
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await stranger.newPage();
  await page.goto(`/unsubscribe?t=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Se désabonner des e-mails' })).toBeVisible();
  const choice = async () => ((await (await inter.request.get('/api/notifications/preferences')).json()) as { email: string }).email;
  expect(await choice()).toBe('digest');
  await page.getByRole('button', { name: 'Me désabonner' }).click();
  await expect(page.getByRole('status')).toHaveText('C’est fait : vous ne recevrez plus le récapitulatif quotidien.');
  expect(await choice()).toBe('none');
  // her account says so
  await inter.goto('/account');
  await expect(inter.getByRole('radio', { name: /^Rien/ })).toBeChecked();

  // the clock back for the next tests
  expect((await apiAs(manager, 'POST', '/api/sandbox/clock', { advanceDays: -1 })).status()).toBe(200);
  await Promise.all([desk.close(), phone.close(), office.close(), stranger.close()]);
});

/** The sandbox's day, as the dashboard says it. */
async function today(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/session')).json()) as { today: string }).today;
}
