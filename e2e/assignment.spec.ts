import { expect, test, activeClaim, signInByApi } from './support.js';

// a shared, loaded machine: the pages' reads may take longer than the default 5 s
const slow = { timeout: 20_000 };

for (const width of [1280, 390]) {
  test(`“Suivi par”: staff take a claim and give its project to a colleague; an intermediary reads who (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signInByApi(page, 'staff');
    await page.goto('/claims');
    const claimId = await activeClaim(page, 1, `Suivi${width}`);

    await page.goto(`/claims/${claimId}`);
    const select = page.getByLabel('Suivi par');
    await expect(select).toHaveValue('', slow);
    await select.selectOption({ label: 'Moi (Samuel Staff)' });
    await expect(page.getByRole('status').filter({ hasText: 'Suivi par Samuel Staff.' })).toBeVisible(slow);
    await page.screenshot({ path: `/tmp/shots-i27c/assignment-claim-${width}.png` });
    await page.reload();
    await expect(page.getByLabel('Suivi par')).toHaveValue(/.+/, slow);
    await expect(page.getByLabel('Suivi par').locator('option:checked')).toHaveText('Moi (Samuel Staff)');

    // the claim's project, to the manager
    await page.getByRole('link', { name: 'Voir le projet' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/, slow);
    await expect(page.getByRole('heading', { name: 'Avancement' })).toBeVisible(slow);
    const projectSelect = page.getByLabel('Suivi par');
    await expect(projectSelect).toBeVisible(slow);
    await projectSelect.selectOption({ label: 'Marion Manager' });
    await expect(page.getByRole('status').filter({ hasText: 'Suivi par Marion Manager.' })).toBeVisible(slow);
    await page.screenshot({ path: `/tmp/shots-i27c/assignment-project-${width}.png` });

    // an intermediary reads who looks after the claim, with no control
    const other = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } });
    const inter = await other.newPage();
    await signInByApi(inter, 'intermediary');
    await inter.goto(`/claims/${claimId}`);
    await expect(inter.getByText('Suivi par : Samuel Staff')).toBeVisible(slow);
    await expect(inter.getByLabel('Suivi par')).toHaveCount(0);
    await inter.screenshot({ path: `/tmp/shots-i27c/assignment-intermediary-${width}.png` });
    await other.close();
  });
}
