import { type Page } from '@playwright/test';
import { expect, test, PASSWORD, USERS, apiAs, signInThroughForm } from './support.js';

async function signInHere(page: Page, role: keyof typeof USERS) {
  await page.getByLabel('Adresse e-mail').fill(USERS[role]);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const header = (page: Page) => page.getByRole('banner');

test('the tabs of one browser follow its session: sign-out sends every tab to sign-in, another user reloads them as that user', async ({
  context,
}) => {
  const one = await context.newPage();
  await signInThroughForm(one, 'staff');
  const two = await context.newPage();
  await two.goto('/projects');
  await expect(header(two).getByText('Samuel Staff')).toBeVisible();

  // signing out in tab one: tab two, on a signed-in page, goes to sign-in too
  await one.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(one).toHaveURL(/\/sign-in$/);
  await expect(two).toHaveURL(/\/sign-in/);
  await expect(two.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  // staff again in both tabs, then the manager signs in from tab one's sign-in page
  await signInHere(one, 'staff');
  await expect(one).not.toHaveURL(/sign-in/);
  await two.goto('/claims');
  await expect(header(two).getByText('Samuel Staff')).toBeVisible();
  await one.goto('/sign-in');
  await signInHere(one, 'manager');
  await expect(header(one).getByText('Marion Manager')).toBeVisible();
  // tab two no longer shows staff: it reloaded as the manager, on the page it was on
  await expect(header(two).getByText('Marion Manager')).toBeVisible();
  await expect(header(two).getByText('Samuel Staff')).toHaveCount(0);
  await expect(two).toHaveURL(/\/claims$/);
});

test('a live-update stream refused after the session ended sends the tab to sign-in (no "reconnecting" for ever)', async ({ page }) => {
  await signInThroughForm(page, 'staff');
  await expect(header(page).getByText('Samuel Staff')).toBeVisible();
  // the session ends on the server without this tab being told (expiry, revocation, another browser profile)
  expect((await apiAs(page, 'POST', '/api/logout')).status()).toBe(200);
  // the server closes the stream; the browser's reconnect is refused (401) and EventSource gives up
  await expect(page).toHaveURL(/\/sign-in\?ended=1&next=%2Fprojects/);
  await expect(page.getByRole('status')).toContainText('Votre session a pris fin');
  await expect(page.getByText('Reconnexion aux mises à jour…')).toHaveCount(0);
});
