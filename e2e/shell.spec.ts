import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, apiAs, expectAccessible, signIn } from './support.js';

test('a visitor is sent to sign-in, signs in and lands where they wanted to go', async ({ page }) => {
  await page.goto('/projects?status=7');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Adresse e-mail').fill('manager@demo-agency.fr');
  await page.getByLabel('Mot de passe').fill('wrong-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('Adresse e-mail ou mot de passe incorrect');
  await page.getByLabel('Mot de passe').fill('sandbox-demo');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/projects\?status=7$/);
  await expect(page.getByText('Bac à sable')).toBeVisible();
  await expect(page.getByText('Marion Manager · Responsable')).toBeVisible();
});

test('the project list shows the demo data, filters by status and search in the URL, survives a refresh', async ({ page }) => {
  await signIn(page, 'staff');
  expect((await apiAs(page, 'POST', '/api/sandbox/reset')).status()).toBe(200);
  await page.reload();
  const grid = page.getByRole('table', { name: 'Projets de garantie' });
  await expect(grid.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('40 projets')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Statuts' }).click();
  await page.getByRole('option', { name: 'Actif, contrat en cours' }).click();
  await page.getByRole('option', { name: 'Suspendu' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=7&status=9/);
  await expect(page.getByText('11 projets')).toBeVisible();
  await expect(grid.getByRole('row').filter({ hasText: 'Documents en attente' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('11 projets')).toBeVisible();
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();
  await expect(page.getByText('40 projets')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Rechercher un locataire' }).fill('zzz-nobody');
  await expect(page).toHaveURL(/search=zzz-nobody/);
  await expect(page.getByText('Aucun projet ne correspond à ces critères.')).toBeVisible();
});

test('a menu opens without motion for a user who asked the system for less, and grows open for the others', async ({ page }) => {
  await signIn(page, 'staff');
  const filter = page.getByRole('combobox', { name: 'Statuts' });
  /** the longest transition of the open menu's surface, in seconds */
  const longestTransition = async () => {
    await filter.click();
    const menu = page.getByRole('listbox', { name: 'Statuts' });
    await expect(menu).toBeVisible();
    const durations = await menu.evaluate((list) => getComputedStyle(list.parentElement ?? list).transitionDuration);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return Math.max(...durations.split(',').map((d) => parseFloat(d)));
  };
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await longestTransition()).toBeGreaterThan(0.1);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await longestTransition()).toBeLessThan(0.001);
});

test('a pressed button is shaded while it is held, and nothing spreads from it; let go elsewhere, nothing happens', async ({ page }) => {
  await signIn(page, 'staff');
  const english = page.getByRole('banner').getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' });
  await expect(english).toBeVisible();
  const opacity = () => english.evaluate((button) => getComputedStyle(button).opacity);
  const drawnInside = () => english.evaluate((button) => button.querySelectorAll('*').length);
  const before = await drawnInside();
  const box = await english.boundingBox();
  if (!box) throw new Error('the English button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(opacity).toBe('0.8');
  expect(await drawnInside()).toBe(before);
  // released off the button: no click
  await page.mouse.move(box.x + box.width / 2, box.y + 300);
  await page.mouse.up();
  await expect.poll(opacity).toBe('1');
  await expect(english).toHaveAttribute('aria-pressed', 'false');
});

test('the language can be switched to English and stays after a reload', async ({ page }) => {
  await signIn(page, 'intermediary');
  // the app's own menu, in its header (the sign-in card has one too)
  const header = page.getByRole('banner');
  await header.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(header.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Guarantee projects' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Guarantee projects' })).toBeVisible();
  await expect(header.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('Inès Intermédiaire · Intermediary')).toBeVisible();
});

test('the first switch to English says that its words are coming until they are there, and the page stays French meanwhile', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await expect(page.getByRole('heading', { name: 'Projets de garantie' })).toBeVisible();
  // the English copy is held on its way (a slow network), then let through
  let release: (value?: unknown) => void = () => undefined;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/features.en-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'English' }).click();
  const english = header.getByRole('button', { name: 'English' });
  await expect(english).toHaveAttribute('aria-busy', 'true');
  // a spinner drawn over its words (the screen reader hears the status below)
  await expect(english.locator('[role=progressbar]')).toBeVisible();
  const spoken = header.locator('[aria-live=polite]');
  await expect(spoken).toHaveText('Switching to English…');
  await expect(spoken).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Projets de garantie' })).toBeVisible();

  release();
  await expect(page.getByRole('heading', { name: 'Guarantee projects' })).toBeVisible();
  await expect(english).toHaveAttribute('aria-pressed', 'true');
  await expect(english).not.toHaveAttribute('aria-busy');
  await expect(spoken).toHaveText('');
});

test('signing out ends the session: the back button does not show data', async ({ page }) => {
  await signIn(page, 'manager', '/projects', { own: true });
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/projects');
  await expect(page).toHaveURL(/\/sign-in/);
  const res = await page.request.get('/api/v3/projects');
  expect(res.status()).toBe(401);
});

test('the partner token is in no built file and no page', async ({ page }) => {
  const files: string[] = [];
  const walk = (dir: string) =>
    readdirSync(dir).forEach((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : files.push(join(dir, f))));
  walk('dist');
  expect(files.length).toBeGreaterThan(3);
  for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain('sk_sandbox_');
  await signIn(page, 'manager');
  expect(await page.content()).not.toContain('sk_sandbox_');
});

test('hashed assets are cached for a year and compressed; index.html is revalidated', async ({ request }) => {
  const index = await request.get('/', { headers: { accept: 'text/html' } });
  expect(index.headers()['cache-control']).toBe('no-cache');
  expect(index.headers()['content-security-policy']).toContain("script-src 'self'");
  // the entry script, as index.html names it
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(await index.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(['br', 'gzip']).toContain(asset.headers()['content-encoding']);
  const deep = await request.get('/projects/some/client/route', { headers: { accept: 'text/html' } });
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
});
