import { expect, test, expectAccessible, signIn } from './support.js';

test('the claims list shows the demo claims, what each awaits, and filters by status in the URL', async ({ page }) => {
  await signIn(page, 'intermediary');
  await page.getByRole('link', { name: 'Sinistres' }).click();
  await expect(page.getByRole('heading', { name: 'Sinistres' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Sinistres' });
  // an intermediary's list opens on hers (opened or looked after); the agency's are one tap away
  await expect(page.getByRole('button', { name: 'Mes sinistres' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Tous ceux de l’agence' }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByText(/^\d+ sinistres?$/)).toBeVisible();
  await expect(grid.getByText('Documents (de votre part)').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=30/);
  await expect(grid.getByRole('row').filter({ hasText: 'Validé' }).first()).toBeVisible();
  await expect(grid.getByText('En attente de documents')).toHaveCount(0);
  await page.reload();
  await expect(grid.getByText('Déclarations mensuelles (de votre part) et paiements (garant)').first()).toBeVisible();
});

test('the claims list filters by project, chosen by the tenant name, and keeps it in the URL', async ({ page }) => {
  await signIn(page, 'staff', '/claims');
  const claims = (await (await page.request.get('/api/v1/claims?page=1&pageSize=100')).json()) as {
    items: { projectId: string }[];
  };
  // the oldest claim is one of the demo data's (other journeys open claims on look-alike tenants)
  const projectId = claims.items.at(-1)?.projectId ?? '';
  expect(projectId).not.toBe('');
  const project = (await (await page.request.get(`/api/v3/projects/${projectId}`)).json()) as {
    profile: { firstName: string; lastName: string };
  };
  const name = `${project.profile.firstName} ${project.profile.lastName}`;
  const expected = claims.items.filter((c) => c.projectId === projectId).length;

  const picker = page.getByRole('combobox', { name: 'Projet' });
  await picker.fill(project.profile.lastName);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`projectId=${projectId}`));
  await expect(page.getByText(new RegExp(`^${expected} sinistres?$`))).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Projet' })).toHaveValue(name);
  await expect(page.getByText(new RegExp(`^${expected} sinistres?$`))).toBeVisible();
  // cleared from the keyboard: the button goes with the filters, the focus goes to the search
  await page.getByRole('button', { name: 'Effacer les filtres' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/projectId=/);
  await expect(page.getByRole('searchbox', { name: 'Locataire (nom, prénom)' })).toBeFocused();
  await expect(page.getByText(new RegExp(`^${claims.items.length} sinistres?$`))).toBeVisible();
});
