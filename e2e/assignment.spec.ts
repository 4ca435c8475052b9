import { expect, test, activeClaim, signInByApi } from './support.js';

// on a phone, where "Suivi par" has the least room; on a desk the claim's and the project's pages are
// the desk walk's (walks.spec.ts) and the select is the same native one
for (const width of [390]) {
  test(`“Suivi par”: staff take a claim and give its project to a colleague; an intermediary reads who (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000); // a claim made through the partner API, then its page, its project and a second browser
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signInByApi(page, 'staff');
    await page.goto('/claims');
    const claimId = await activeClaim(page, 1, `Suivi${width}`);

    await page.goto(`/claims/${claimId}`);
    const select = page.getByLabel('Suivi par');
    await expect(select).toHaveValue('');
    await select.selectOption({ label: 'Moi (Samuel Staff)' });
    await expect(page.getByRole('status').filter({ hasText: 'Suivi par Samuel Staff.' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Suivi par')).toHaveValue(/.+/);
    await expect(page.getByLabel('Suivi par').locator('option:checked')).toHaveText('Moi (Samuel Staff)');

    // the claim's project, to the manager
    await page.getByRole('link', { name: 'Voir le projet' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Avancement' })).toBeVisible();
    const projectSelect = page.getByLabel('Suivi par');
    await expect(projectSelect).toBeVisible();
    await projectSelect.selectOption({ label: 'Marion Manager' });
    await expect(page.getByRole('status').filter({ hasText: 'Suivi par Marion Manager.' })).toBeVisible();

    // an intermediary reads who looks after the claim, with no control
    const other = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const inter = await other.newPage();
    await signInByApi(inter, 'intermediary');
    await inter.goto(`/claims/${claimId}`);
    await expect(inter.getByText('Suivi par : Samuel Staff')).toBeVisible();
    await expect(inter.getByLabel('Suivi par')).toHaveCount(0);
    await other.close();
  });
}
