import { expect, test, type Page } from '@playwright/test';
import { activeClaim, signIn } from './support.js';

/** Every call to the dashboard API the page makes from now on (path and query), in order. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

/** Holds the entry script back until released: what happens meanwhile is the HTML's doing alone. */
async function holdEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

type Person = { firstName: string; lastName: string };
const name = (p: Person | undefined) => `${p?.firstName} ${p?.lastName}`;

const first = async (page: Page, path: string) => {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as { items: { id: string; tenant?: Person; profile?: Person }[] };
};

test('a detail page’s reads start with its HTML and its title is painted from it, before the app runs; each read is made once; the page shows its data', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const claim = (await first(page, '/api/v1/claims?page=1&pageSize=1')).items[0];
  const project = (await first(page, '/api/v3/projects?page=1&pageSize=1')).items[0];
  expect(claim && project).toBeTruthy();
  const titles: Record<string, string> = {
    [`/claims/${claim?.id}`]: name(claim?.tenant),
    [`/projects/${project?.id}`]: name(project?.profile),
    '/claims': 'Sinistres',
  };
  // each page: the reads its HTML asks for, and the one the server answered inside the HTML (the title's, the list's)
  const pages: [string, string[], string | null][] = [
    [
      `/claims/${claim?.id}`,
      [
        '/api/session',
        `/api/v1/claims/${claim?.id}/rentaldebts`,
        `/api/v1/claims/${claim?.id}/payments`,
        `/api/v1/claims/${claim?.id}/rentaldebts/pending-signature`,
        `/api/v1/claims/${claim?.id}/stats`,
        `/api/v1/claims/${claim?.id}/documents/required`,
      ],
      '/api/v1/claims?page=1&pageSize=100',
    ],
    [`/projects/${project?.id}`, ['/api/session'], `/api/v3/projects/${project?.id}`],
    // the list's page: answered inside the HTML too (its rows are painted from it: the last test)
    ['/claims', ['/api/session'], '/api/v1/claims?page=1&pageSize=20'],
  ];
  for (const [path, reads, answered] of pages) {
    // a cold load: a new tab of the signed-in browser
    const fresh = await page.context().newPage();
    const seen = apiRequests(fresh);
    const release = await holdEntry(fresh);
    await fresh.goto(path, { waitUntil: 'commit' });
    // the HTML alone has asked for every read of the page (the app's code has not run)
    await expect.poll(() => reads.filter((r) => seen.includes(r)), { message: path }).toEqual(reads);
    const heading = fresh.getByRole('heading', { level: 1 });
    // a detail page's title (the claim's tenant, the project's applicant) is painted from the HTML
    if (answered) await expect(heading, path).toHaveText(titles[path] ?? '');
    release();
    await expect(heading, path).toBeVisible({ timeout: 15_000 });
    await expect(fresh.locator('.shell')).toHaveCount(0);
    await fresh.waitForLoadState('networkidle');
    // the app used the answers the HTML asked for: nothing read twice
    for (const r of reads)
      expect(
        seen.filter((s) => s === r),
        `${path}: ${r}`,
      ).toHaveLength(1);
    // and the one the HTML came with: the browser never asked for it
    if (answered)
      expect(
        seen.filter((s) => s === answered),
        path,
      ).toEqual([]);
    // the app's page, with its data: the title from the read, the list's name
    await expect(heading, path).toHaveText(titles[path] ?? 'Sinistres');
    await fresh.close();
  }
});

test('a signed-out visitor’s page names no read; the sign-in page shows the sandbox notice without asking /api/mode', async ({ page }) => {
  const seen = apiRequests(page);
  const release = await holdEntry(page);
  await page.goto('/claims/0b6f9a52-0000-4000-8000-000000000001', { waitUntil: 'commit' });
  await page.waitForTimeout(300);
  // signed out: nothing read for the page (the app then asks the session and goes to sign-in)
  expect(seen).toEqual([]);
  release();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByRole('note')).toContainText('staff@demo-agency.fr');
  await page.waitForLoadState('networkidle');
  expect(seen.filter((s) => s.startsWith('/api/mode'))).toEqual([]);
  // and in English, on a page loaded there directly
  const english = await page.context().browser()?.newContext({ locale: 'en-GB' });
  const en = await english?.newPage();
  if (!en || !english) throw new Error('no second context');
  const enSeen = apiRequests(en);
  await en.goto('/sign-in');
  await expect(en.getByRole('note')).toContainText('Sandbox: manager@demo-agency.fr');
  await en.waitForLoadState('networkidle');
  expect(enSeen.filter((s) => s.startsWith('/api/mode'))).toEqual([]);
  await english.close();
});

test('the sign-in page’s card and sandbox notice are painted from the HTML before the app runs, in the UI language, where the page draws them', async ({
  browser,
}) => {
  for (const [locale, width, notice] of [
    ['fr-FR', 390, 'Bac à sable : manager@demo-agency.fr'],
    ['en-GB', 1280, 'Sandbox: manager@demo-agency.fr'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale });
    const page = await context.newPage();
    const release = await holdEntry(page);
    await page.goto('/sign-in', { waitUntil: 'commit' });
    const note = page.getByRole('note');
    await expect(note).toContainText(notice);
    const place = async () => {
      const [card, title, box] = await Promise.all([
        page.locator('main > div').first().boundingBox(),
        page.getByRole('heading', { level: 1 }).boundingBox(),
        note.boundingBox(),
      ]);
      return { card, title, box };
    };
    const before = await place();
    release();
    // the app's own form replaces the painted one: real fields, one notice, nothing moved
    await expect(page.getByLabel(locale === 'fr-FR' ? 'Adresse e-mail' : 'Email address')).toBeEditable();
    await expect(page.locator('.shell')).toHaveCount(0);
    await expect(note).toHaveCount(1);
    expect(await place()).toEqual(before);
    await context.close();
  }
});

test('the claims list’s first rows are painted from the HTML before the app runs, where the app draws them; the app takes them over without a placeholder and without reading them again', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // a tenant whose name is also code and a replacement pattern: it must stay text
  const lastName = 'Nguyễn 王小明 </script><b>$&';
  await signIn(page, 'staff');
  await activeClaim(page, 2, lastName);
  const cookies = await page.context().cookies();
  for (const [locale, width, title, rowsLabel] of [
    ['fr-FR', 390, 'Sinistres', 'Lignes par page :'],
    ['en-GB', 1280, 'Claims', 'Rows per page:'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale });
    await context.addCookies(cookies);
    // any placeholder row the app would draw while it waited for the list
    await context.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('.MuiSkeleton-root')) document.documentElement.dataset.placeholder = 'seen';
      }).observe(document, { childList: true, subtree: true });
    });
    const fresh = await context.newPage();
    const seen = apiRequests(fresh);
    const release = await holdEntry(fresh);
    await fresh.goto('/claims', { waitUntil: 'commit' });
    // the HTML alone: the title, the count and the rows of the list's first page, the tenant's name as text
    const tenant = fresh.getByRole('link', { name: `Léa ${lastName}` });
    await expect(tenant).toBeVisible();
    await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(fresh.locator('.shell')).toHaveCount(1);
    const place = async () => {
      const rows = fresh.getByRole('table').getByRole('row');
      const links = fresh.getByRole('table').getByRole('link');
      return {
        title: await fresh.getByRole('heading', { level: 1 }).boundingBox(),
        count: await fresh.getByText(/^\d+ (sinistre|claim)\(s\)$/).boundingBox(),
        rows: await Promise.all((await rows.all()).slice(0, 6).map((r) => r.boundingBox())),
        names: await links.allInnerTexts(),
        tenant: await tenant.boundingBox(),
        pages: await fresh.getByText(rowsLabel).boundingBox(),
      };
    };
    const painted = await place();
    expect(painted.names.length).toBeGreaterThan(1);
    expect(seen.filter((s) => s.startsWith('/api/v1/claims'))).toEqual([]);
    release();
    // the app's page replaces the painted one: the same rows at the same place
    await expect(fresh.locator('.shell')).toHaveCount(0, { timeout: 15_000 });
    await expect(fresh.getByRole('combobox', { name: locale === 'fr-FR' ? 'Statut' : 'Status' })).toBeVisible();
    expect(await place()).toEqual(painted);
    await fresh.waitForLoadState('networkidle');
    // its first page came with the HTML: never read by the browser, and never replaced by placeholders
    expect(seen.filter((s) => s.startsWith('/api/v1/claims'))).toEqual([]);
    expect(await fresh.evaluate(() => document.documentElement.dataset.placeholder)).toBeUndefined();
    expect(await fresh.evaluate(() => document.getElementById('pd-answers'))).toBeNull();
    await context.close();
  }
});
