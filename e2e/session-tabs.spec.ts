import { type Page, type Request } from '@playwright/test';
import { isClaimOpen } from '../src/contract/lifecycle.js';
import { expect, test, PASSWORD, USERS, apiAs, signIn, signInThroughForm } from './support.js';

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
  await expect(page).toHaveURL(/\/sign-in\?ended=elsewhere&next=%2Fprojects/);
  await expect(page.getByRole('status')).toContainText('Votre session a pris fin');
  await expect(page.getByText('Reconnexion aux mises à jour…')).toHaveCount(0);
});

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Toujours là ?' });

test('every tab warns two minutes before the idle limit, and "stay" in one of them holds for all', async ({ context }) => {
  // the tabs' clock is Playwright's: the 28 minutes pass at once
  await context.clock.install();
  const one = await context.newPage();
  await signIn(one, 'staff', '/projects', { own: true });
  await expect(header(one).getByText('Samuel Staff')).toBeVisible();
  const two = await context.newPage();
  await two.goto('/stats');
  await expect(header(two).getByText('Samuel Staff')).toBeVisible();
  // what the tabs' opening did is told to the server within the minute (and answered); then nobody
  // does anything in either tab (their pages go on reading in the background: that is no activity)
  let telling = 0;
  const told = (r: Request) => {
    if (r.url().endsWith('/api/session/activity')) telling--;
  };
  context.on('request', (r) => {
    if (r.url().endsWith('/api/session/activity')) telling++;
  });
  context.on('requestfinished', told);
  context.on('requestfailed', told);
  await context.clock.runFor('01:05');
  await expect.poll(() => telling).toBe(0);
  await context.clock.fastForward('28:00');
  for (const tab of [one, two]) await expect(warning(tab)).toContainText('Vous serez déconnecté dans 2 minutes');
  // the keyboard is on "stay" (nothing else on the page takes it meanwhile)
  await expect(warning(two).getByRole('button', { name: 'Rester connecté' })).toBeFocused();
  await warning(two).getByRole('button', { name: 'Rester connecté' }).click();
  await expect(warning(two)).toHaveCount(0);
  await expect(warning(one)).toHaveCount(0);
  // another 28 minutes: the warning again, and a key pressed in a tab is activity that answers it everywhere
  await context.clock.fastForward('28:30');
  await expect(warning(one)).toBeVisible();
  await two.bringToFront();
  await expect(warning(two)).toBeVisible();
  await two.keyboard.press('Escape');
  await expect(warning(two)).toHaveCount(0);
  await expect(warning(one)).toHaveCount(0);
});

test('what was typed survives the end of the session: back in its tab for the same user, never for another', async ({ page }) => {
  await signIn(page, 'manager', '/claims', { own: true });
  const claims = (await (await page.request.get('/api/v1/claims?page=1&pageSize=100')).json()) as {
    items: { id: string; status: number }[];
  };
  const open = claims.items.find((c) => isClaimOpen(c.status));
  expect(open, 'an open seeded claim').toBeDefined();
  await page.goto(`/claims/${open?.id ?? ''}`);
  const payment = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await payment.scrollIntoViewIfNeeded();
  await payment.getByLabel('Montant').fill('123,45');
  // the session ends elsewhere (another device, a manager): the tab learns it at once (its live
  // stream is closed and refused) and goes to sign-in, saying why
  expect((await apiAs(page, 'POST', '/api/logout')).status()).toBe(200);
  await expect(page).toHaveURL(/\/sign-in\?ended=elsewhere&next=%2Fclaims%2F/);
  await expect(page.getByRole('status')).toContainText('Ce que vous aviez saisi vous attend');
  await signInHere(page, 'manager');
  // back on the claim, the amount as typed, and nothing recorded
  await expect(page).toHaveURL(new RegExp(`/claims/${open?.id ?? ''}$`));
  const again = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await expect(again.getByLabel('Montant')).toHaveValue(/^123[.,]45$/);
  await expect(page.getByRole('list', { name: 'Paiements du locataire' })).not.toContainText('123,45');

  // the session ends again; someone else signs in in this tab: the draft is gone, never shown to them
  expect((await apiAs(page, 'POST', '/api/logout')).status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?/);
  await signInHere(page, 'staff');
  await expect(header(page).getByText('Samuel Staff')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Enregistrer un paiement' }).getByLabel('Montant')).toHaveValue('');
});
