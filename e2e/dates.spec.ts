import { type Page } from '@playwright/test';
import { expect, test, seededActiveProject, signIn } from './support.js';

const field = (page: Page, label: string) => page.getByRole('group', { name: label });
const dmy = (iso: string) => iso.split('-').reverse().join('/');

async function switchTo(page: Page, language: 'English' | 'Français', current: 'Langue' | 'Language') {
  await page.getByRole('group', { name: current }).getByRole('button', { name: language }).click();
}

test('dates are typed and shown day first, on every path: reload, link, language switch', async ({ page }) => {
  await signIn(page, 'staff');
  const projectId = await seededActiveProject(page);
  const { today } = (await (await page.request.get('/api/session')).json()) as { today: string };
  const claim = (await (await page.request.get('/api/v1/claims?page=1&pageSize=1')).json()) as {
    items: { id: string; createdAt: string; tenant: { firstName: string; lastName: string } }[];
  };
  const first = claim.items[0];
  const tenant = `${first?.tenant.firstName} ${first?.tenant.lastName}`;

  // French, the claim form reached by a reload
  await page.goto(`/projects/${projectId}/claims/new`);
  await page.reload();
  await expect(field(page, 'Premier loyer impayé')).toHaveText(/^JJ\/MM\/AAAA/);
  await field(page, 'Premier loyer impayé').getByRole('spinbutton').first().click();
  await page.keyboard.type('05032026');
  await expect(field(page, 'Premier loyer impayé')).toHaveText(/^05\/03\/2026/);

  // switching the language re-formats the field, day first in English too
  await switchTo(page, 'English', 'Langue');
  await expect(field(page, 'First unpaid rent')).toHaveText(/^05\/03\/2026/);
  // what was typed survives a reload (the form keeps its draft), day first still
  await page.reload();
  await expect(field(page, 'First unpaid rent')).toHaveText(/^05\/03\/2026/);

  // English, reached by links: the same draft, and the claims list and the workspace agree
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('link', { name: 'Open a claim' }).click();
  await expect(field(page, 'First unpaid rent')).toHaveText(/^05\/03\/2026/);
  await page.goto('/claims');
  // other specs open claims for the same tenant: the row of this very claim
  const row = page.getByRole('row').filter({ has: page.locator(`a[href="/claims/${first?.id}"]`) });
  // its opening date, day first
  await expect(row).toContainText(dmy(first?.createdAt.slice(0, 10) ?? ''));
  await row.getByRole('link', { name: tenant }).click();
  // the payment form's date field is built when the form comes near the screen: scrolled to, as a user does
  await page.getByRole('form', { name: 'Record a payment' }).scrollIntoViewIfNeeded();
  await expect(field(page, 'Applies on')).toHaveText(new RegExp(`^${dmy(today)}`));

  // and back to French by the switch, on the same page
  await switchTo(page, 'Français', 'Language');
  await expect(field(page, 'Date d’imputation')).toHaveText(new RegExp(`^${dmy(today)}`));
});
