import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support.js';

test('managers read the organization statistics; intermediaries cannot', async ({ page, browser }) => {
  await signIn(page, 'manager');
  await page.getByRole('link', { name: 'Statistiques' }).click();
  await expect(page.getByRole('heading', { name: 'Statistiques de l’organisation' })).toBeVisible();
  await expect(page.getByText(/Demo Agency · chiffres calculés le/)).toBeVisible();
  const figures = page.getByRole('list', { name: 'Chiffres clés' });
  await expect(figures.getByRole('listitem')).toHaveCount(7);
  for (const chart of ['Projets par statut', 'Du projet créé au contrat actif', 'Sinistres par statut', 'Montants des sinistres']) {
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
