import { type Page } from '@playwright/test';
import { expect, test, PASSWORD, USERS, origin } from './support.js';

const ROLES = ['staff', 'manager', 'intermediary'] as const;
const TARGETS = ['/projects', '/claims/:claim', '/claims?status=30', '/projects?status=7&status=9'];
const TIMES = 12;

async function submit(page: Page, role: keyof typeof USERS) {
  await page.getByLabel('Adresse e-mail').fill(USERS[role]);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Lands on `target` and is still there once the page has loaded what it shows. */
async function landsOn(page: Page, target: string, attempt: number) {
  const here = () => {
    const u = new URL(page.url());
    return u.pathname + u.search;
  };
  await expect.poll(here, { message: `sign-in ${attempt}` }).toBe(target);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('main .MuiSkeleton-root, main [role=progressbar]')).toHaveCount(0);
  expect(here(), `sign-in ${attempt} stayed`).toBe(target);
}

/**
 * The e2e server allows more sign-ins a minute than production (10): this test signs in more than
 * that in a row. The network is slow for the session check: when another call has already sent
 * the visitor to sign-in (a claim's page starts six reads with it), the session check's own
 * "not signed in" lands only after the user has signed in, as it can on a slow network.
 */
test(`a sign-in that succeeds lands where it was asked, ${TIMES} times in a row`, async ({ page }) => {
  test.setTimeout(90_000); // TIMES sign-ins through the form in a row, each hashing a password
  const base = origin();
  await page.request.post('/api/login', { headers: { origin: base }, data: { email: USERS.staff, password: PASSWORD } });
  const claims = (await (await page.request.get('/api/v1/claims?page=1&pageSize=1')).json()) as { items: { id: string }[] };
  const claimPath = `/claims/${claims.items[0]?.id ?? ''}`;
  await page.context().clearCookies();
  let release = () => {};
  let signedIn = Promise.resolve();
  let refused = false;
  let refusedNow = () => {};
  let anotherRefused = Promise.resolve();
  const hold = () => {
    refused = false;
    signedIn = new Promise<void>((r) => (release = r));
    anotherRefused = new Promise<void>((r) => (refusedNow = r));
  };
  let late = 0;
  await page.route(/\/api\/(?!events)/, async (route) => {
    try {
      const response = await route.fetch();
      if (response.status() === 401 && route.request().url().endsWith('/api/session')) {
        // until another call has been refused (and sent the visitor to sign-in), or 2 s
        await Promise.race([signedIn, anotherRefused, new Promise((r) => setTimeout(r, 2_000))]);
        if (refused) {
          late++;
          await signedIn;
        }
      }
      if (response.status() === 401) {
        refused = true;
        refusedNow();
      }
      await route.fulfill({ response });
    } catch {
      // the page cancelled the call while its answer was held: nothing to deliver
    }
  });
  for (let i = 0; i < TIMES; i++) {
    const role = ROLES[i % ROLES.length] ?? 'staff';
    hold();
    if (i % 2 === 0) {
      // a visitor asks for a page, is sent to sign-in, signs in
      const target = (TARGETS[(i / 2) % TARGETS.length] ?? '/').replace('/claims/:claim', claimPath);
      await page.goto(target);
      await expect(page).toHaveURL(/\/sign-in\?next=/);
      await submit(page, role);
      await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
      release();
      await landsOn(page, target, i + 1);
    } else {
      // the user signs out; the next one signs in on the same page
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await submit(page, role);
      await page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
      release();
      await landsOn(page, '/', i + 1);
      await page.context().clearCookies();
    }
  }
  expect(late, 'answers that landed after a sign-in (the case this test is about)').toBeGreaterThan(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
