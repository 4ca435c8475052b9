import { expect, test, apiAs, newProject, signInByApi, LIVE_MS } from './support.js';

const count = /^\d+ projets?$/;

test('ten tabs of one user all show their page, and live news still reaches them after the first tab closes', async ({ context }) => {
  test.setTimeout(60_000); // eleven loads of the whole app one after the other, about 2 s of CPU each on a 2-core machine
  const first = await context.newPage();
  await signInByApi(first, 'staff');
  const tabs = [first];
  for (let i = 0; i < 10; i++) {
    const tab = i === 0 ? first : await context.newPage();
    await tab.goto(i % 2 ? '/claims' : '/projects');
    await expect(tab.getByRole('heading', { level: 1 }), `tab ${i + 1}`).toBeVisible();
    if (i > 0) tabs.push(tab);
  }
  // the last tab shows the projects: it must hear of a project created elsewhere, with no reload
  const last = tabs.at(-1) ?? first;
  await last.goto('/projects');
  await expect(last.getByText(count)).toBeVisible();
  const before = Number((await last.getByText(count).textContent())?.split(' ')[0]);

  // the tab opened first (the one that streams for the others, if any) goes away
  await first.close();
  expect((await apiAs(last, 'POST', '/api/v3/projects', newProject('Onglets'))).status()).toBe(201);
  await expect(last.getByText(new RegExp(`^${before + 1} projets?$`))).toBeVisible({ timeout: LIVE_MS });
  await expect(last.getByRole('table', { name: 'Projets de garantie' }).getByText('Léa Onglets')).toBeVisible();
});
