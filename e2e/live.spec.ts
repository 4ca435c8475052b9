import { expect, test, apiAs, expectAccessible, newProject, signIn, LIVE_MS } from './support.js';

test('a project created elsewhere appears in the open list without a reload (webhook → live update)', async ({ page }) => {
  await signIn(page, 'staff');
  await expect(page.getByText(/^\d+ projets?$/)).toBeVisible();
  const before = Number((await page.getByText(/^\d+ projets?$/).textContent())?.split(' ')[0]);
  let navigations = 0;
  page.on('framenavigated', () => navigations++);

  // created through the API with this user's session: no navigation, no focus change, so only the
  // event stream (sandbox webhook -> server -> SSE) can refresh the list
  expect((await apiAs(page, 'POST', '/api/v3/projects', newProject('Dimitrov'))).status()).toBe(201);

  await expect(page.getByText(new RegExp(`^${before + 1} projets?$`))).toBeVisible({ timeout: LIVE_MS });
  await expect(page.getByRole('table', { name: 'Projets de garantie' }).getByText('Léa Dimitrov')).toBeVisible();
  expect(navigations).toBe(0);
});

test('managers follow recent events live; other roles cannot', async ({ page, browser }) => {
  // the events are linked from the work queue (the monthly round took their place in the menu)
  await signIn(page, 'manager', '/');
  await page.getByRole('main').getByRole('link', { name: 'Événements' }).click();
  await expect(page.getByRole('heading', { name: 'Événements récents' })).toBeVisible();
  await apiAs(page, 'POST', '/api/v3/projects', newProject('Evenement'));
  const row = page.getByRole('row').filter({ hasText: 'Projet créé' }).first();
  await expect(row).toBeVisible({ timeout: LIVE_MS });
  // in the UI language, about whom: the partner's code is not the Type, the link names the tenant
  await expect(row.getByRole('cell', { name: 'Projet', exact: true })).toBeVisible();
  // the tenant's name comes from the project list, read again when the event arrives
  await expect(row.getByRole('link', { name: 'Projet de Léa Evenement' })).toHaveAttribute('href', /^\/projects\/[0-9a-f-]{36}$/, {
    timeout: LIVE_MS,
  });
  await expect(page.getByText('project.created')).toHaveCount(0);
  await expectAccessible(page);

  const staff = await browser.newPage();
  await signIn(staff, 'intermediary');
  await expect(staff.getByRole('link', { name: 'Événements' })).toHaveCount(0);
  await staff.goto('/events');
  await expect(staff.getByText('Cette page est réservée aux responsables.')).toBeVisible();
  expect((await staff.request.get('/api/events/recent')).status()).toBe(403);
  await staff.close();
});
