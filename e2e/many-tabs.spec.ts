import { expect, test, activeClaim, apiAs, newProject, signIn, signInByApi, LIVE_MS } from './support.js';

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

test.describe('at a desk (1280 × 800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('two tabs declare the same month: the second is told it is already declared, and its row shows it declared', async ({ context }) => {
    const a = await context.newPage();
    await signIn(a, 'staff');
    // the first month is declared with the claim: two months back leaves one to declare, and the current one
    const id = await activeClaim(a, 2, 'Deuxonglets');
    const debts = (await (await a.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as { id: string | null; rentDueDate: string }[];
    const month = debts.find((d) => d.id === null)?.rentDueDate.slice(0, 7) ?? '';
    const b = await context.newPage();
    for (const p of [a, b]) {
      await p.goto(`/claims/${id}`);
      await p
        .getByRole('table', { name: 'Mois de loyer' })
        .getByRole('button', { name: /^Déclarer ce mois/ })
        .click();
    }
    const declareIn = (p: typeof a) =>
      p.getByRole('form', { name: 'Déclarer ce mois' }).getByRole('button', { name: 'Déclarer', exact: true });
    await declareIn(a).click();
    await expect(a.getByRole('form', { name: 'Déclarer ce mois' })).toHaveCount(0);
    await declareIn(b).click();
    await expect(b.getByRole('status').filter({ hasText: 'Ce mois est déjà déclaré' })).toBeVisible();
    await expect(b.getByText(/déclarez d’abord le mois suivant/)).toHaveCount(0);
    // the month's row now reads as declared, and the next month is offered
    await expect(b.locator(`tr#month-${month}`).getByRole('button', { name: /^Corriger le montant/ })).toBeVisible();
    await b.getByRole('status').filter({ hasText: 'Ce mois est déjà déclaré' }).getByRole('button', { name: 'Fermer' }).click();
    await expect(b.getByRole('table', { name: 'Mois de loyer' }).getByRole('button', { name: /^Déclarer ce mois/ })).toHaveCount(1);
  });
});
