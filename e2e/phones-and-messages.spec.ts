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
  // under the tenant's name, the claim's status is as wide as its words (it took the screen's width)
  const status = page.locator('h1 + .MuiChip-root');
  const widths = await status.evaluate((chip) => ({
    chip: chip.getBoundingClientRect().width,
    words: chip.querySelector('.MuiChip-label')?.getBoundingClientRect().width ?? 0,
  }));
  expect(widths.words).toBeGreaterThan(0);
  expect(widths.chip).toBeLessThan(widths.words + 8);
  const correct = page.getByRole('button', { name: /^Corriger le montant/ }).first();
  await correct.scrollIntoViewIfNeeded();
  await expect(correct).toBeVisible();
  // every section drawn, down to the receipts
  await page.getByRole('region', { name: 'Quittances subrogatives' }).scrollIntoViewIfNeeded();
  expect(await smallTargets(page)).toEqual([]);
  await page.goto('/projects');
  await expect(page.getByRole('link', { name: 'Nouveau projet' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  // the search says in full what it looks for and in what (its one-line label was cut)
  await expect(page.getByRole('searchbox', { name: 'Rechercher un locataire' })).toBeVisible();
  await expect(page.getByText('Nom, e-mail ou référence interne')).toBeVisible();
  const label = page.locator('label', { hasText: 'Rechercher un locataire' });
  expect(await label.evaluate((l) => l.scrollWidth <= l.clientWidth)).toBe(true);
  // the status filter's options are read whole, a long one on two lines (they were cut at the screen's edge)
  await page.getByRole('combobox', { name: 'Statuts' }).click();
  await expect(page.getByRole('option', { name: 'Payé, en attente de signature du locataire' })).toBeVisible();
  const cut = await page
    .getByRole('option')
    .evaluateAll((options) =>
      options.filter((o) => o.scrollWidth > o.clientWidth || o.getBoundingClientRect().right > window.innerWidth).map((o) => o.textContent),
    );
  expect(cut).toEqual([]);
  await context.close();
});

test('on a phone the open status filter holds the page still: a finger on the page around the list does not scroll it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR', hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signInByApi(page);
  await page.goto('/projects');
  const filter = page.getByRole('combobox', { name: 'Statuts' });
  await expect(filter).toBeVisible();
  const cdp = await context.newCDPSession(page);
  // a finger drawn 150 px upwards from (x, 600), as the browser receives it from a touch screen
  const swipe = async (x: number) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 600 }] });
    for (let i = 1; i <= 10; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 600 - i * 15 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  // the list closed, the gesture scrolls the page (its fling ended, the page goes back to its top)
  const ended = page.evaluate(() => new Promise<number>((r) => addEventListener('scrollend', () => r(window.scrollY), { once: true })));
  await swipe(8);
  expect(await ended).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await filter.tap();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  // the list open, the gesture on the page beside it (the list leaves 16 px at each side) moves nothing
  expect((await list.boundingBox())?.x).toBeGreaterThan(8);
  await swipe(8);
  await expect(list).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // nor on the list itself, which holds all its options without scrolling (the page behind it moved)
  await swipe(195);
  await expect(list).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});

test('on the phone sign-in page no address and not the password is cut at its hyphen, and the closing "»." stays on the line of the word it closes', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  await page.goto('/sign-in');
  const note = page.getByRole('note');
  await expect(note).toContainText('sandbox-demo');
  const lines = await note.evaluate((el) => {
    /** the lines (their tops) that characters `from` to `to` of a text lie on */
    const tops = (node: Node, from: number, to: number) => {
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, to);
      return [...new Set([...range.getClientRects()].map((r) => Math.round(r.top)))];
    };
    const found: Record<string, number[]> = {};
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of ['manager@demo-agency.fr', 'staff@demo-agency.fr', 'intermediary@demo-agency.fr', 'sandbox-demo']) {
        const at = text.indexOf(word);
        if (at >= 0) found[word] = tops(node, at, at + word.length);
      }
      const close = text.lastIndexOf('»');
      if (close >= 0) found['».'] = tops(node, close, close + 2);
    }
    return found;
  });
  expect(Object.keys(lines)).toHaveLength(5);
  for (const [word, on] of Object.entries(lines)) expect(on, word).toHaveLength(1);
  // the closing quote and the full stop on the line where the password ends
  expect(lines['».']).toEqual(lines['sandbox-demo']);
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

test('on a phone the team is one card per person: role, state, last sign-in and actions within the screen, in both languages', async ({
  browser,
}) => {
  for (const [locale, words] of [
    [
      'fr-FR',
      { team: 'Équipe', active: 'Actif', last: 'Dernière connexion', actions: 'Actions pour Samuel Staff', role: 'Rôle de Samuel Staff' },
    ],
    ['en-GB', { team: 'Team', active: 'Active', last: 'Last sign-in', actions: 'Actions for Samuel Staff', role: 'Role of Samuel Staff' }],
  ] as const) {
    const { context, page } = await phone(browser, locale);
    await signInByApi(page, 'manager');
    await page.goto('/team');
    const team = page.getByRole('table', { name: words.team });
    const staff = team.getByRole('row').filter({ hasText: 'staff@demo-agency.fr' });
    await expect(staff).toContainText(words.active);
    await expect(staff).toContainText(words.last);
    await expect(staff.getByLabel(words.role)).toBeVisible();
    await expect(staff.getByRole('group', { name: words.actions }).getByRole('button')).toHaveCount(2);
    // nothing of a card past the screen's right edge, and nothing to scroll sideways
    const past = await team.evaluate((table) =>
      [...table.querySelectorAll('button, .MuiChip-root, .MuiInputBase-root, p')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth)
        .map((e) => e.textContent),
    );
    expect(past).toEqual([]);
    expect(await team.evaluate((table) => (table.parentElement?.scrollWidth ?? 0) <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  }
});

test('"Calculer le pré-score" keeps its words on one line beside its hint, on a phone, a tablet and a desk, in both languages', async ({
  browser,
}) => {
  for (const [locale, words] of [
    ['fr-FR', { status: 'Situation professionnelle', student: 'Étudiant', button: 'Calculer le pré-score' }],
    ['en-GB', { status: 'Employment status', student: 'Student', button: 'Compute the pre-score' }],
  ] as const) {
    const { context, page } = await phone(browser, locale);
    await signInByApi(page);
    await page.goto('/projects/new');
    // a student: the hint beside the button is at its longest (the referent's finances)
    await page.getByRole('combobox', { name: words.status }).click();
    await page.getByRole('option', { name: words.student, exact: true }).click();
    const button = page.getByRole('button', { name: words.button });
    for (const width of [390, 700, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const lines = await button.evaluate((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${locale} at ${width} px`).toBe(1);
      expect((await button.boundingBox())?.width ?? 0, `${locale} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await context.close();
  }
});
