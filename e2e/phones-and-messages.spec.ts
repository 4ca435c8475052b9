import { type Browser, type Page } from '@playwright/test';
import { expect, test, activeClaim, signInByApi } from './support.js';

/** On phones: touch targets big enough for a thumb, the sign-in hint's line ends, messages said once. */

async function phone(browser: Browser, locale = 'fr-FR') {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
  return { context, page: await context.newPage() };
}

/** The visible buttons (icon buttons, clickable chips too) less than 44 px high, by name. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, [role=button], a.MuiButton-root')]
      .filter((el) => el.offsetParent !== null && !el.closest('[aria-hidden=true]'))
      .map((el) => ({ el, h: el.getBoundingClientRect().height }))
      .filter(({ h }) => h > 0 && h < 44)
      .map(({ el, h }) => `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} (${h.toFixed(0)} px)`),
  );
}

test('on a phone every button of a claim, "Corriger le montant" and the icon buttons included, is at least 44 px high', async ({
  browser,
}) => {
  test.setTimeout(60_000); // every button of a claim workspace measured, its forms opened one by one
  const { context, page } = await phone(browser);
  await signInByApi(page);
  await page.goto('/claims');
  const claimId = await activeClaim(page, 2, 'Doigts');
  await page.goto(`/claims/${claimId}`);
  const correct = page.getByRole('button', { name: /^Corriger le montant/ }).first();
  await correct.scrollIntoViewIfNeeded();
  await expect(correct).toBeVisible();
  // every section drawn, down to the receipts
  await page.getByRole('region', { name: 'Quittances subrogatives' }).scrollIntoViewIfNeeded();
  expect(await smallTargets(page)).toEqual([]);
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: 'Nouveau projet' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await context.close();
});

test('on the phone sign-in page the closing "»." stays on the line of the word it closes', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await page.goto('/sign-in');
  const note = page.getByRole('note');
  await expect(note).toContainText('sandbox-demo');
  const lines = await note.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const close = text.lastIndexOf('»');
      if (close < 0) continue;
      const top = (from: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, from + 1);
        return Math.round(range.getBoundingClientRect().top);
      };
      return { word: top(text.lastIndexOf('o', close)), close: top(close), dot: top(close + 1) };
    }
    return null;
  });
  expect(lines).not.toBeNull();
  expect(lines?.close).toBe(lines?.word);
  expect(lines?.dot).toBe(lines?.word);
  await context.close();
});

test('"Projet créé" and the journey link belong to the creation: a reload of the page does not show them again', async ({ page }) => {
  test.setTimeout(60_000); // a project made through the creation form, step by step
  await signInByApi(page);
  await page.goto('/projects/new');
  await page.getByRole('combobox', { name: 'Situation professionnelle' }).click();
  await page.getByRole('option', { name: 'CDI du privé', exact: true }).click();
  await page.getByLabel('Revenus nets mensuels').fill('3000');
  await page.getByRole('combobox', { name: 'Civilité' }).click();
  await page.getByRole('option', { name: 'Madame', exact: true }).click();
  await page.getByLabel('Prénom').fill('Une');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Fois');
  await page.getByLabel('E-mail').fill('une.fois@exemple.fr');
  await page.getByRole('group', { name: 'Date de naissance' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('17051990');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Projet créé\. Loyer maximum garanti/)).toBeVisible();
  await expect(page.getByLabel('Lien du parcours locataire')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Une Fois' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Avancement' })).toBeVisible();
  await expect(page.getByText(/^Projet créé\. Loyer maximum garanti/)).toHaveCount(0);
  await expect(page.getByLabel('Lien du parcours locataire')).toHaveCount(0);
});
