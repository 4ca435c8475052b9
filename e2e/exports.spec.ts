import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, signIn } from './support.js';

test('a CSV export of the filtered project list downloads with every matching row', async ({ page }) => {
  await signIn(page, 'staff', '/projects');
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Actif, contrat en cours' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=7/);
  const { total: count } = (await (await page.request.get('/api/v3/projects?status=7&pageSize=1')).json()) as { total: number };
  expect(count).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`^${count} projets?$`))).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^projets-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header = [], ...rows] = parse(text, { delimiter: ';', bom: true }) as string[][];
  expect(header.slice(0, 4)).toEqual(['Identifiant', 'Créé le', 'Prénom', 'Nom']);
  const status = header.indexOf('Libellé du statut');
  expect(rows).toHaveLength(count);
  expect(rows.every((r) => r[status] === 'Actif, contrat en cours')).toBe(true);
});

test('a claim’s debt statement downloads as PDF and as CSV', async ({ page }) => {
  await signIn(page, 'staff', '/claims');
  await page.getByRole('table', { name: 'Sinistres' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Décompte (PDF)' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^decompte-.+\.pdf$/);
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Décompte (CSV)' }).click()]);
  const text = await readFile((await csv.path()) ?? '', 'utf8');
  expect(text).toContain('Décompte du sinistre');
  expect(text).toContain('Totaux;');
});
