import { readFile } from 'node:fs/promises';
import { type Locator } from '@playwright/test';
import { expect, test, expectAccessible, signIn } from './support.js';

test('managers read the organization statistics; intermediaries cannot', async ({ page, browser }) => {
  await signIn(page, 'manager');
  await page.getByRole('link', { name: 'Statistiques' }).click();
  await expect(page.getByRole('heading', { name: 'Statistiques de l’organisation' })).toBeVisible();
  await expect(page.getByText(/Demo Agency · projets : tous, depuis le premier · chiffres calculés le/)).toBeVisible();
  const figures = page.getByRole('list', { name: 'Chiffres clés' });
  await expect(figures.getByRole('listitem')).toHaveCount(4);
  for (const chart of ['Projets par statut', 'Du projet créé au contrat actif', 'Sinistres par statut', 'Où en sont les loyers déclarés']) {
    await expect(page.getByRole('figure', { name: chart }).locator('svg').first()).toBeVisible();
  }
  await expectAccessible(page);

  const other = await browser.newPage();
  await signIn(other, 'intermediary');
  await expect(other.getByRole('link', { name: 'Statistiques' })).toHaveCount(0);
  await other.goto('/stats');
  await expect(other.getByText('Cette page est réservée aux responsables.')).toBeVisible();
  expect((await other.request.get('/api/v3/projects/stats')).status()).toBe(403);
  await other.close();
});

/** "17 210,00 €" (French, narrow spaces) as cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

async function termsOf(sum: Locator): Promise<Map<string, string>> {
  const terms = new Map<string, string>();
  for (const item of await sum.getByRole('listitem').all()) {
    const spans = await item.locator('span').allTextContents();
    terms.set(spans[1] ?? '', spans[2] ?? '');
  }
  return terms;
}

test('the claims amounts show every term of the sum, over a chosen period, and the CSV holds what the screen shows', async ({ page }) => {
  await signIn(page, 'manager', '/stats');
  const sum = page.getByRole('list', { name: 'Montants des sinistres' });
  await expect(sum.getByRole('listitem').first()).toBeVisible();
  const all = await termsOf(sum);
  const c = (k: string) => cents(all.get(k) ?? 'missing');
  expect(c('Paiements après déclaration')).toBeGreaterThan(0);
  // rents declared = received + tenant + guarantor + outstanding (− overpaid), to the cent
  expect(c('Loyers déclarés')).toBe(
    c('Reçu à la déclaration') +
      c('Paiements après déclaration') +
      c('Payé par le garant') +
      c('Reste dû') -
      (all.has('Trop-perçu (payé au-delà du loyer)') ? c('Trop-perçu (payé au-delà du loyer)') : 0),
  );
  await expect(page.getByText(/^Mois d’échéance de .+ à .+ · mois déclarés : \d+ · sinistres : \d+$/)).toBeVisible();

  // a period: the figures and the URL follow; the CSV is that period's
  // the app's month field (MM/YYYY, its sections typed in order), not the browser's native one
  await page.getByRole('group', { name: 'Au mois' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('102026');
  await expect(page).toHaveURL(/to=2026-10/);
  await expect(page.getByText(/^Mois d’échéance de .+ à octobre 2026 ·/)).toBeVisible();
  await expect(async () =>
    expect(cents((await termsOf(sum)).get('Loyers déclarés') ?? '')).toBeLessThanOrEqual(c('Loyers déclarés')),
  ).toPass();
  const shown = await termsOf(sum);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporter (CSV)' }).click();
  const file = await (await download).path();
  const rows = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((r) => r.split(';'));
  const csv = new Map(rows.map((r) => [r[0] ?? '', r[1] ?? '']));
  expect(csv.get('Période (mois d’échéance)')).toBe('… – 2026-10');
  for (const [screen, column] of [
    ['Loyers déclarés', 'Loyers déclarés'],
    ['Reçu à la déclaration', 'Reçu à la déclaration'],
    ['Paiements après déclaration', 'Paiements après déclaration'],
    ['Payé par le garant', 'Payé par le garant'],
    ['Reste dû', 'Reste dû'],
  ] as const)
    expect(cents(csv.get(column) ?? 'missing'), column).toBe(cents(shown.get(screen) ?? 'missing'));
  // a period the wrong way round is said, and nothing is asked
  await page.getByRole('group', { name: 'Du mois' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('112026');
  await expect(page.getByText('Le mois de fin doit suivre le mois de début.')).toBeVisible();
});
