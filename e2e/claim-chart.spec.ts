import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support.js';

/**
 * The claim's months chart (MUI X Charts: the workspace's heaviest code, issue 14). On a phone it
 * is below the first screen: its code is loaded, evaluated and drawn when its place comes on
 * screen, not with the page. Drawn, it is drawn once.
 */

async function demoClaim(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/claims?pageSize=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
}

/** The chart chunks a page requested (vite.config.ts: charts-base-<hash>.js, charts-<hash>.js). */
function chartScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^charts-/.test(file)) seen.push(file);
  });
  return seen;
}

test.describe('on a phone (Lighthouse’s mobile screen, 412 × 823)', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the months chart’s code loads when its place comes on screen, not with the page; nothing below it moves', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await demoClaim(page);
    const charts = chartScripts(page);
    await page.goto(`/claims/${id}`);
    // every section drawn (the receipts are the last), every read answered
    await expect(page.getByRole('heading', { name: 'Quittances' })).toBeAttached({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const group = page.getByRole('group', { name: 'Répartition mois par mois : locataire, garant, reste dû' });
    await expect(group).toBeAttached();
    // its legend is the page's: there before the bars
    for (const series of ['Paiements du locataire', 'Payé par le garant', 'Reste dû'])
      await expect(page.getByRole('figure').getByRole('listitem').filter({ hasText: series })).toBeAttached();
    expect(charts).toEqual([]);
    await expect(group.locator('svg')).toHaveCount(0);
    const below = async () =>
      // what follows the chart (the next section)
      page.getByRole('figure').evaluate((el) => (el.nextElementSibling ?? el).getBoundingClientRect().top + window.scrollY);
    const before = await below();
    await group.scrollIntoViewIfNeeded();
    await expect(group.locator('svg').first()).toBeVisible();
    expect(charts.some((f) => /^charts-base-/.test(f)) && charts.some((f) => /^charts-[\w-]{8}\.js$/.test(f))).toBe(true);
    expect(await below()).toBe(before);
  });
});

test('the months chart is drawn once: its amounts’ axis is placed at mount and not moved by a second render, and no amount is cut', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const id = await demoClaim(page);
  // MUI X's automatic axis width measured its labels twice (the font is set in a layout effect):
  // the axis was drawn, then moved, in the same task
  await page.addInitScript(() => {
    const moves: string[] = [];
    (window as unknown as { axisMoves: string[] }).axisMoves = moves;
    new MutationObserver((records) => {
      for (const r of records)
        if (r.type === 'attributes' && r.target instanceof Element && r.target.closest('.MuiChartsAxis-directionY'))
          moves.push(`${r.attributeName ?? ''}: ${r.oldValue ?? ''}`);
    }).observe(document, { subtree: true, attributes: true, attributeOldValue: true });
  });
  await page.goto(`/claims/${id}`);
  const axis = page.locator('.MuiChartsAxis-directionY');
  await expect(axis.locator('.MuiChartsAxis-tickLabel').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { axisMoves: string[] }).axisMoves)).toEqual([]);
  const labels = await axis.locator('.MuiChartsAxis-tickLabel').allTextContents();
  expect(labels.length).toBeGreaterThan(1);
  expect(labels.filter((l) => !/^\d[\d\s,]*( k)? €$/.test(l.replace(/[\u00a0\u202f]/g, ' ')))).toEqual([]);
});
