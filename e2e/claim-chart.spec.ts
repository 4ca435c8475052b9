import { type Page } from '@playwright/test';
import { expect, test, signIn } from './support.js';

/**
 * The claim's months chart (MUI X Charts, a chunk of its own): its legend and caption come with
 * the page, its bars in the place kept for them, so nothing below moves when they come.
 */

async function demoClaim(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/claims?pageSize=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
}

test.describe('on a phone (Lighthouse’s mobile screen, 412 × 823)', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the months chart shows its legend and its bars; nothing below it moves when the bars come', async ({ page }) => {
    await signIn(page, 'staff');
    const id = await demoClaim(page);
    // the place of what follows the chart each time the page's layout changes, until the bars are there
    await page.addInitScript(() => {
      const tops: number[] = [];
      (window as unknown as { belowChart: number[] }).belowChart = tops;
      new MutationObserver(() => {
        const figure = document.querySelector('figure');
        const next = figure?.nextElementSibling;
        if (next) tops.push(next.getBoundingClientRect().top + window.scrollY);
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`/claims/${id}`);
    const group = page.getByRole('group', { name: 'Répartition mois par mois : locataire, garant, reste dû' });
    for (const series of ['Payé par le locataire', 'Payé par le garant', 'Reste dû'])
      await expect(page.getByRole('figure').getByRole('listitem').filter({ hasText: series })).toBeVisible();
    await group.scrollIntoViewIfNeeded();
    await expect(group.locator('svg').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const tops = await page.evaluate(() => (window as unknown as { belowChart: number[] }).belowChart);
    expect(tops.length).toBeGreaterThan(0);
    expect(new Set(tops).size).toBe(1);
  });
});

test('the months chart’s amounts are written whole, none cut', async ({ page }) => {
  await signIn(page, 'staff');
  const id = await demoClaim(page);
  await page.goto(`/claims/${id}`);
  const axis = page.locator('.MuiChartsAxis-directionY');
  await expect(axis.locator('.MuiChartsAxis-tickLabel').first()).toBeVisible();
  const labels = await axis.locator('.MuiChartsAxis-tickLabel').allTextContents();
  expect(labels.length).toBeGreaterThan(1);
  expect(labels.filter((l) => !/^\d[\d\s,]*( k)? €$/.test(l.replace(/[\u00a0\u202f]/g, ' ')))).toEqual([]);
});
