import { type Page } from '@playwright/test';
import { expect, test, seededActiveProject, signIn } from './support.js';

/** The options of the phone's country list, as shown. */
async function countries(page: Page): Promise<string[]> {
  await page
    .getByRole('combobox', { name: /^(Pays|Country)$/ })
    .first()
    .click();
  const names = await page.getByRole('listbox').getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.replace(/\s*\(\+\d+\)$/, ''));
}

const sorted = (names: string[], locale: string) => [...names].sort(new Intl.Collator(locale).compare);

test('MUI speaks the UI language: grids, Autocomplete, pickers; countries sorted by their name; no raw enum names', async ({ page }) => {
  await signIn(page, 'staff');
  const projectId = await seededActiveProject(page);

  // the list's own words (MUI's pagination)
  await page.goto('/projects');
  const grid = page.getByRole('table', { name: 'Projets de garantie' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Lignes par page :')).toBeVisible();
  await expect(page.getByText(/^1–20 sur \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aller à la page suivante' })).toBeVisible();
  await expect(page.getByText(/Rows per page|of \d+|Go to next page|next page/)).toHaveCount(0);

  // Autocomplete's button and the country list, in French then in English
  await page.goto('/projects/new');
  await expect(page.getByRole('button', { name: 'Ouvrir' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open' })).toHaveCount(0);
  const fr = await countries(page);
  expect(fr.length).toBeGreaterThan(200);
  expect(fr).toEqual(sorted(fr, 'fr'));
  expect(fr).toContain('Afrique du Sud');
  expect(fr.indexOf('Allemagne')).toBeLessThan(fr.indexOf('Belgique'));

  // the claim form: legal forms are named, never the contract's raw value
  await page.goto(`/projects/${projectId}/claims/new`);
  await page.getByRole('combobox', { name: 'Forme juridique' }).click();
  await expect(page.getByRole('option', { name: 'Autre forme juridique' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'OTHER' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await page.getByRole('combobox', { name: 'Legal form' }).click();
  await expect(page.getByRole('option', { name: 'Other legal form' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/projects/new');
  await expect(page.getByRole('button', { name: 'Open' })).toBeVisible();
  const en = await countries(page);
  expect(en).toEqual(sorted(en, 'en'));
  expect(en).toContain('South Africa');
  expect(en).not.toContain('Afrique du Sud');
  await page.goto('/projects');
  await expect(page.getByText('Rows per page:')).toBeVisible();
});

test('charts write numbers the language’s way, every bar has its label and no label is cut', async ({ page }) => {
  await signIn(page, 'manager', '/stats');
  const ticks = page.locator('.MuiChartsAxis-tickLabel');
  // the amounts' chart draws once its own read answers, after the others
  await expect(ticks.filter({ hasText: /k\s?€|\d\s€/ }).first()).toBeVisible();
  const labels = await ticks.allTextContents();
  // French grouping and currency: "1 000", "15 k€"; never "1,000" or a label cut with an ellipsis
  expect(labels.filter((l) => /\d,\d{3}|…/.test(l))).toEqual([]);
  for (const status of ['Documents en attente', 'Actif, contrat en cours']) expect(labels).toContain(status);
  for (const step of ['Créés', 'Actifs']) expect(labels.some((l) => l.startsWith(step))).toBe(true);
  expect(labels.some((l) => /k\s?€|\d\s€/.test(l))).toBe(true);
});
