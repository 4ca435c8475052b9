import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support.js';

test('the claims list shows the demo claims, what each awaits, and filters by status in the URL', async ({ page }) => {
  await signIn(page, 'intermediary');
  await page.getByRole('link', { name: 'Sinistres' }).click();
  await expect(page.getByRole('heading', { name: 'Sinistres' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Sinistres' });
  await expect(page.getByText(/^\d+ sinistre\(s\)$/)).toBeVisible();
  await expect(grid.getByText('Documents (agence)').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=30/);
  await expect(grid.getByRole('row').filter({ hasText: 'Validé' }).first()).toBeVisible();
  await expect(grid.getByText('En attente de documents')).toHaveCount(0);
  await page.reload();
  await expect(grid.getByText('Déclarations mensuelles (agence) et paiements (garant)').first()).toBeVisible();
});
