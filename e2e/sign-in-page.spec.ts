import { expect, test } from '@playwright/test';
import { PASSWORD, USERS } from './support.js';

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
  await page.getByRole('combobox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill(USERS.staff);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a session that ends while a page loads sends to sign-in even when the only "not signed in" answer comes before the app has drawn', async ({
  page,
}) => {
  // signed in without opening a page (a page would start reads, or prefetch, of its own)
  const base = test.info().project.use.baseURL ?? '';
  await page.request.post('/api/login', { headers: { origin: base }, data: { email: USERS.staff, password: PASSWORD } });
  const { csrfToken } = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  // the page's code is slow to come (a phone): the list's first read answers before React's
  // first render; the session is signed out (another tab) between the session read and that one
  await page.route(/\/assets\/page-projects-[^/]*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  // on the page, only two reads are answered, once each: the session (valid), then the list,
  // after the session was signed out; every other read waits (a slow network), so only the list's
  // answer can send to sign-in
  let sessionRead = () => {};
  const sessionAnswered = new Promise<void>((r) => (sessionRead = r));
  const seen = new Set<string>();
  const refused: string[] = [];
  await page.route(/\/api\/(?!logout)/, async (route) => {
    const url = new URL(route.request().url());
    if (new URL(page.url()).pathname === '/sign-in') return route.continue();
    if (seen.has(url.pathname) || (url.pathname !== '/api/session' && url.pathname !== '/api/v3/projects')) return;
    seen.add(url.pathname);
    if (url.pathname === '/api/v3/projects') {
      await sessionAnswered;
      await page.request.post('/api/logout', { headers: { origin: base, 'x-csrf-token': csrfToken } });
    }
    const response = await route.fetch();
    if (response.status() === 401) refused.push(url.pathname);
    await route.fulfill({ response });
    if (url.pathname === '/api/session') sessionRead();
  });
  await page.goto(`${base}/projects?status=7`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects%3Fstatus%3D7$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(refused).toEqual(['/api/v3/projects']);
});
