import { type Locator } from '@playwright/test';
import { expect, test, activeClaim, signIn } from './support.js';

/** The narrowest desk (1280 px) in French, the longest words: nothing overlaps, nothing is cut. */

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function boxes(items: Locator[]): Promise<{ name: string; box: Box }[]> {
  const out: { name: string; box: Box }[] = [];
  for (const item of items) {
    const box = await item.boundingBox();
    expect(box, String(item)).not.toBeNull();
    if (box) out.push({ name: ((await item.innerText()) || (await item.getAttribute('aria-label')) || '').trim(), box });
  }
  return out;
}

/** The text of an element is drawn whole: nothing cut by its own box. */
const notCut = (l: Locator) => l.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1);

test.use({ viewport: { width: 1280, height: 800 } });

test('at 1280 px in French the manager header keeps each item apart: no link runs under the language switch', async ({ page }) => {
  await signIn(page, 'manager', '/');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation').getByRole('link');
  // five areas, then the organization's pages under one menu
  await expect(nav).toHaveCount(5);
  const links = await nav.all();
  const items = await boxes([
    header.getByText('Bac à sable'),
    ...links,
    header.getByRole('button', { name: 'Organisation' }),
    header.getByRole('button', { name: /^Rechercher un dossier/ }),
    header.getByRole('group', { name: 'Langue' }),
    header.getByRole('link', { name: /mon compte$/ }),
    header.getByRole('button', { name: 'Se déconnecter' }),
  ]);
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i], items[j]];
      if (a && b) expect(overlap(a.box, b.box), `"${a.name}" overlaps "${b.name}"`).toBe(false);
    }
  for (const item of items) expect(item.box.x + item.box.width, item.name).toBeLessThanOrEqual(1280);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('at 1280 px in French the inline month declaration shows its whole "Déclarer" button', async ({ page }) => {
  await signIn(page, 'staff');
  const id = await activeClaim(page, 2, 'Largeur');
  await page.goto(`/claims/${id}`);
  await page
    .getByRole('table', { name: 'Mois de loyer' })
    .getByRole('button', { name: /^Déclarer ce mois/ })
    .click();
  const form = page.getByRole('form', { name: 'Déclarer ce mois' });
  const submit = form.getByRole('button', { name: 'Déclarer', exact: true });
  await expect(submit).toBeVisible();
  expect(await notCut(submit)).toBe(true);
  const [f, b] = [await form.boundingBox(), await submit.boundingBox()];
  expect(b && f && b.x + b.width <= f.x + f.width + 0.5).toBe(true);
});
