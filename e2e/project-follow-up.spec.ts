import { expect, test, activeProject, apiAs, signIn } from './support.js';

test('a project waiting on the tenant or the owner offers, on its page, the journey link and the prepared reminder', async ({ page }) => {
  await signIn(page, 'staff');
  // rental information validated: the project waits on the tenant's payment
  const project = await activeProject(page, 'Relance', { until: 'rent/validate' });
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('textbox', { name: 'Lien du parcours locataire' })).toHaveValue(project.publicUrl);
  await expect(page.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
  const remind = page.getByRole('link', { name: 'Relancer par e-mail' });
  await expect(remind).toHaveAttribute('href', /^mailto:relance@exemple\.fr\?subject=/);
  expect(decodeURIComponent((await remind.getAttribute('href')) ?? '')).toContain(project.publicUrl);
  await expect(
    page.getByText('Relance : un e-mail prêt à envoyer à Léa Relance (relance@exemple.fr), avec le lien de son parcours.'),
  ).toBeVisible();

  // paid and signed by the tenant: now it waits on the owner, reminded without the tenant's link
  for (const step of ['payment/complete', 'signatures/tenant'])
    expect((await apiAs(page, 'POST', `/api/sandbox/projects/${project.id}/${step}`)).status()).toBe(200);
  await page.reload();
  await expect(remind).toHaveAttribute('href', /^mailto:paul@exemple\.fr\?subject=/);
  await expect(page.getByRole('textbox', { name: 'Lien du parcours locataire' })).toHaveCount(0);

  // signed by the owner: active, nobody to remind
  expect((await apiAs(page, 'POST', `/api/sandbox/projects/${project.id}/signatures/owner`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Prochaine étape : Contrat actif')).toBeVisible();
  await expect(remind).toHaveCount(0);

  // file sizes: one formatter per language, as on a claim's files ("0,1 ko" / "0.1 kB", never "1 Ko" in English)
  const files = page.getByRole('region', { name: 'Documents' });
  await expect(files.getByText(/ · 0,1\sko · /).first()).toBeVisible();
  await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
  await expect(files.getByText(/ · 0\.1\skB · /).first()).toBeVisible();
  await expect(files.getByText(/ Ko /)).toHaveCount(0);
});
