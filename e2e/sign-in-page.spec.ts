import { expect, test, PASSWORD, USERS } from './support.js';

test('sign-in: a page the new user may not open (another user’s next) goes home; a wrong password shows no support reference', async ({
  page,
}) => {
  // the manager's session ended on the statistics: the next one to sign in is an intermediary
  await page.goto('/stats');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fstats$/);
  await page.getByLabel('Adresse e-mail').fill(USERS.intermediary);
  await page.getByLabel('Mot de passe').fill('not-the-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('Adresse e-mail ou mot de passe incorrect.');
  await expect(refused).not.toContainText('Référence');
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Cette page est réservée aux responsables.')).toHaveCount(0);
});

test('the sign-in page has a language switch, and the choice stays once signed in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(USERS.staff);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});
