import { type Browser, type Page } from '@playwright/test';
import { expect, test, PASSWORD, USERS, expectAccessible, origin } from './support.js';
import { foreignWords } from './ui-words.js';

type Role = keyof typeof USERS;
type Lang = 'fr' | 'en';
const ALL: Role[] = ['manager', 'staff', 'intermediary'];

/**
 * The main pages and the roles that reach them: a page added later is one line here.
 * `:project` and `:claim` are a project and a claim the role can read (a claim's project).
 */
const PAGES: { path: string; roles: Role[] }[] = [
  { path: '/', roles: ALL },
  { path: '/projects', roles: ALL },
  { path: '/projects/new', roles: ['manager', 'staff'] },
  { path: '/projects/:project', roles: ALL },
  { path: '/projects/:project/claims/new', roles: ALL },
  { path: '/claims', roles: ALL },
  { path: '/claims/:claim', roles: ALL },
  { path: '/round', roles: ALL },
  { path: '/stats', roles: ['manager'] },
  { path: '/events', roles: ['manager'] },
  { path: '/settings', roles: ['manager'] },
];

/** A browser for one role and language at one size, signed in once (through the API). */
async function open(browser: Browser, role: Role, lang: Lang, width: number, height: number, deviceScaleFactor = 1) {
  const context = await browser.newContext({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB', viewport: { width, height }, deviceScaleFactor });
  const base = origin();
  const login = await context.request.post('/api/login', { headers: { origin: base }, data: { email: USERS[role], password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const claim = (
    (await (await context.request.get('/api/v1/claims?page=1&pageSize=1')).json()) as { items: { id: string; projectId: string }[] }
  ).items[0];
  expect(claim).toBeDefined();
  const path = (p: string) => p.replace(':project', claim?.projectId ?? '').replace(':claim', claim?.id ?? '');
  // the tenants' names the lists show first (the latest ones, many made by other specs) are data, not copy
  type Person = { firstName: string; lastName: string };
  const latest = async <T>(url: string, person: (item: T) => Person) =>
    ((await (await context.request.get(url)).json()) as { items: T[] }).items.map(person);
  const people = [
    ...(await latest('/api/v3/projects?page=1&pageSize=100', (p: { profile: Person }) => p.profile)),
    ...(await latest('/api/v1/claims?page=1&pageSize=100', (c: { tenant: Person }) => c.tenant)),
  ];
  const names = [...new Set(people.flatMap((p) => [p.firstName, p.lastName]))].sort((a, b) => b.length - a.length);
  return { context, page: await context.newPage(), path, names };
}

/**
 * Goes to a page of the walk: the first by loading it, the next ones inside the app, as its own links
 * do (the walk checks each page's layout and words; loading the whole app again for each page, about
 * 2 s of CPU, is what the other specs test), and waits until the page has its heading and has
 * finished loading what it shows.
 */
async function visit(page: Page, path: string) {
  const heading = page.locator('main h1');
  if (page.url() === 'about:blank') {
    await page.goto(path);
  } else {
    const before = await heading.textContent();
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    if (before) await expect(heading).not.toHaveText(before);
  }
  await expect(heading).toBeVisible();
  await expect(page.locator('main .MuiSkeleton-root, main [role=progressbar]')).toHaveCount(0);
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// the manager (who reaches every page) in both languages, the other roles in one each
const PHONE_WALKS: [Role, Lang][] = [
  ['manager', 'fr'],
  ['manager', 'en'],
  ['staff', 'en'],
  ['intermediary', 'fr'],
];
for (const [role, lang] of PHONE_WALKS) {
  test(`phone walk (390 × 844), ${role}, ${lang}: no page scrolls sideways, no word of the other language, each tab titled`, async ({
    browser,
  }) => {
    const { context, page, path, names } = await open(browser, role, lang, 390, 844);
    const titles: string[] = [];
    for (const p of PAGES.filter((x) => x.roles.includes(role))) {
      await visit(page, path(p.path));
      // the browser tab says which page this is, in the user's language; a file's page names its tenant first
      const product = lang === 'fr' ? 'Espace partenaire' : 'Partner dashboard';
      const named = /:(project|claim)$/.test(p.path) ? `${(await page.locator('main h1').textContent()) ?? ''} — ` : '';
      await expect(page).toHaveTitle(new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.+ — ${product}$`));
      titles.push(await page.title());
      expect.soft(await horizontalOverflow(page), `${p.path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect.soft(await foreignWords(page, lang, names), `${p.path}: words of the other language`).toEqual([]);
      // axe on the pages whose phone layout differs most (stepper, month cards), and on the menu below
      if (role === 'manager' && lang === 'fr' && p.path.includes(':')) await expectAccessible(page);
    }
    expect(new Set(titles).size, `every page its own title: ${titles.join(' | ')}`).toBe(titles.length);
    // the header folds into a menu: navigation, language and sign-out are in the drawer
    await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: lang === 'fr' ? 'Se déconnecter' : 'Sign out' })).toBeVisible();
    expect.soft(await foreignWords(page, lang, names), 'the menu: words of the other language').toEqual([]);
    if (role === 'manager' && lang === 'fr') await expectAccessible(page);
    await context.close();
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`desk walk (1280 × 800), manager, ${lang}: the header keeps to one row, status chips are not cut`, async ({ browser }) => {
    const { context, page, path, names } = await open(browser, 'manager', lang, 1280, 800);
    for (const p of ['/', '/projects', '/claims', '/projects/:project', '/stats']) {
      await visit(page, path(p));
      const header = await page.getByRole('banner').boundingBox();
      expect.soft(header?.height ?? 0, `${p}: header height`).toBeLessThanOrEqual(72);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('.MuiChip-label')]
          .filter((l) => l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1)
          .map((l) => l.textContent),
      );
      expect.soft(cut, `${p}: chips cut`).toEqual([]);
      expect.soft(await horizontalOverflow(page), `${p} scrolls sideways`).toBeLessThanOrEqual(0);
      expect.soft(await foreignWords(page, lang, names), `${p}: words of the other language`).toEqual([]);
    }
    await context.close();
  });
}

test('at 200 % zoom (640 × 400 CSS px, device scale 2), manager, fr: no page scrolls sideways', async ({ browser }) => {
  const { context: zoomed, page, path } = await open(browser, 'manager', 'fr', 640, 400, 2);
  for (const p of ['/', '/projects', '/claims', '/claims/:claim', '/round', '/audit', '/team']) {
    await visit(page, path(p));
    expect.soft(await horizontalOverflow(page), `${p} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await zoomed.close();
});
