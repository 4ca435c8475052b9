import { expect, test } from '@playwright/test';
import { PDF, activeClaim, apiAs, expectAccessible, signIn } from './support.js';

const unique = () => `Attente${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

test('the inbox shows a month to declare once the clock moves; declaring it from its link clears it', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'staff', '/');
  await expect(page.getByRole('heading', { name: 'À faire' })).toBeVisible();
  const lastName = unique();
  const tenant = `Léa ${lastName}`;
  const id = await activeClaim(page, 0, lastName);
  await page.reload();
  const claims = page.getByRole('list', { name: 'Sinistres' });
  const ours = claims.getByRole('listitem').filter({ hasText: tenant });
  await expect(ours.filter({ hasText: 'Documents manquants avant soumission' })).toHaveCount(1);
  await expect(ours.filter({ hasText: 'Mois à déclarer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sinistres \(\d+ à traiter\)/ })).toBeVisible();
  await expectAccessible(page);

  // the sandbox clock moves to the 15th of next month: that month is now due and undeclared
  const { today } = (await (await page.request.get('/api/session')).json()) as { today: string };
  const [y = 0, m = 1] = today.split('-').map(Number);
  const next = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}`;
  expect((await apiAs(page, 'POST', '/api/sandbox/clock', { today: `${next}-15` })).status()).toBe(200);
  await page.reload();
  const due = ours.filter({ hasText: 'Mois à déclarer' });
  await expect(due).toHaveCount(1);
  await expect(due).toContainText('14 jours de retard');

  await due.getByRole('link', { name: /^Déclarer/ }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${id}#month-${next}$`));
  const declare = page.getByRole('form', { name: 'Déclarer ce mois' });
  await expect(declare).toBeVisible();
  await declare.getByRole('group', { name: 'Date d’échéance' }).getByRole('spinbutton').first().click();
  const [ny, nm] = next.split('-');
  await page.keyboard.type(`05${nm}${ny}`);
  await declare.getByRole('button', { name: 'Déclarer', exact: true }).click();
  await expect(declare).toHaveCount(0);

  await page.getByRole('link', { name: 'À faire' }).click();
  await expect(page.getByRole('heading', { name: 'À faire' })).toBeVisible();
  await expect(ours.filter({ hasText: 'Documents manquants avant soumission' })).toHaveCount(1);
  await expect(ours.filter({ hasText: 'Mois à déclarer' })).toHaveCount(0);

  // done elsewhere (another tab, a colleague): the partner's webhook event clears it live
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const headers = { origin: new URL(page.url()).origin, 'x-csrf-token': session.csrfToken };
  for (const documentType of ['1', '2', '3']) {
    const up = await page.request.post(`/api/v1/claims/${id}/documents`, { headers, multipart: { documentType, file: PDF } });
    expect(up.status()).toBe(201);
  }
  expect((await apiAs(page, 'POST', `/api/v1/claims/${id}/apply`)).status()).toBe(200);
  await expect(ours.filter({ hasText: 'Documents manquants avant soumission' })).toHaveCount(0);
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true); // no reload
});
