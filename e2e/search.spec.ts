import { type Page } from '@playwright/test';
import { expect, test, signInByApi } from './support.js';

interface Hit {
  id: string;
  kind: 'claim' | 'project';
  tenant: { firstName: string; lastName: string };
}

/** A claim of the seeded sandbox, once the read model has it (the server's initial sync runs at start). */
async function seededClaim(page: Page): Promise<{ id: string; lastName: string }> {
  const claims = (await (await page.request.get('/api/v1/claims?page=1&pageSize=1')).json()) as {
    items: { id: string; tenant: { lastName: string } }[];
  };
  const claim = claims.items[0];
  expect(claim).toBeDefined();
  const lastName = claim?.tenant.lastName ?? '';
  await expect
    .poll(async () => {
      const r = (await (await page.request.get(`/api/search?q=${encodeURIComponent(lastName)}`)).json()) as { claims?: Hit[] };
      return (r.claims ?? []).some((h) => h.id === claim?.id);
    })
    .toBe(true);
  return { id: claim?.id ?? '', lastName };
}

for (const width of [1280, 390]) {
  test(`the search palette at ${width} px: header button and Ctrl+K, keyboard only, recent items, a claim opened`, async ({ page }) => {
    test.setTimeout(60_000); // a claim found by name, then the palette by button and by keyboard, recent items
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    await signInByApi(page, 'staff');
    const claim = await seededClaim(page);
    await page.goto('/');
    // the visible, labelled button (a loaded machine draws the first page slowly)
    const button = page.getByRole('button', { name: 'Rechercher un dossier (Ctrl+K)' });
    await expect(button).toBeVisible();
    // on the screen, and clear of the menu's links (at 1280 px the manager's row is the fullest)
    const at = await button.boundingBox();
    expect((at?.x ?? 0) + (at?.width ?? 0)).toBeLessThanOrEqual(width);
    if (width > 600) {
      const links = await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link').all();
      const last = await links.at(-1)?.boundingBox();
      expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(at?.x ?? 0);
    }
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher un dossier' });
    await expect(dialog).toBeVisible();
    if (width <= 600) {
      const box = await dialog.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(width - 1); // a full-screen sheet on a phone
    }
    await expect(dialog.getByText('Tapez un nom, un e-mail, une adresse ou une référence.')).toBeVisible();
    const field = dialog.getByRole('combobox', { name: 'Locataire, e-mail, adresse, référence ou numéro' });
    await expect(field).toBeFocused();
    await field.fill(claim.lastName.toLowerCase());
    const claims = dialog.getByRole('group', { name: 'Sinistres' });
    await expect(claims.getByRole('option').first()).toBeVisible();
    await expect(claims.getByRole('option').first()).toContainText(/Reste dû/);
    await expect(dialog.getByText(/Données au/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the shortcut opens the same palette; arrows and Enter open the chosen claim
    await page.keyboard.press('Control+k');
    await expect(field).toBeFocused();
    await page.keyboard.type(claim.lastName);
    // what was typed has been searched (the list says it is busy until then)
    await expect(dialog.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    // a screen reader hears how many files were found (the dialog's status), not silence
    const hits = await dialog.getByRole('option').count();
    await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^${hits} dossiers? trouvés?$`));
    const first = dialog.getByRole('group', { name: 'Sinistres' }).getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const options = dialog.getByRole('option');
    if ((await options.count()) > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowUp');
    }
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/claims/${claim.id}`));

    // empty, the palette offers what was opened
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('dialog').getByRole('group', { name: 'Ouverts récemment' });
    await expect(recent.getByRole('option').first()).toContainText(claim.lastName);
    await page.getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}

test('recent items are forgotten at sign-out (privacy)', async ({ page }) => {
  await signInByApi(page, 'staff');
  const claim = await seededClaim(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Rechercher un dossier (Ctrl+K)' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused();
  await page.keyboard.type(claim.lastName);
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(claims|projects)\//);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('pd.recent:')))).toBe(true);
  // once: a second click would land on a page already leaving (the menu holds it on phones)
  const signOut = page.getByRole('button', { name: 'Se déconnecter' });
  if (!(await signOut.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await signOut.click();
  await expect(page).toHaveURL(/sign-in/);
  expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('pd.recent:')))).toBe(false);
});
