import { expect, test, activeProject, expectAccessible, signIn } from './support.js';

test('managers type the declarant once in the settings; every claim form starts from it, editable for each claim', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000); // two users, a settings form and a whole claim form
  await signIn(page, 'manager', '/settings');
  await expect(page.getByRole('heading', { name: 'Paramètres de l’organisation' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Déclarant des sinistres' });
  await form.getByRole('textbox', { name: 'Prénom' }).fill('Łukasz');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Nguyễn 王小明');
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill('direction@agence-centre.fr');
  await form.getByLabel('Téléphone').fill('05 61 00 00 00');
  await form.getByLabel('Raison sociale').fill('Agence du Centre');
  await form.getByLabel('SIREN').fill('81234');
  const address = form.getByRole('group', { name: 'Adresse de la société (facultatif)' });
  await address.getByLabel('Adresse', { exact: true }).fill('3 rue Verte');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  // the contract's rules, before anything is sent: a SIREN has 9 digits, an address given is complete
  await expect(form.getByText('Doit comporter 9 chiffres.')).toBeVisible();
  await expect(form.getByText('Champ obligatoire.')).toHaveCount(2); // zip code, city (the country starts as France)
  await form.getByLabel('SIREN').fill('812345678');
  await address.getByLabel('Code postal').fill('31000');
  await address.getByLabel('Ville').fill('Toulouse');
  await address.getByLabel('Pays').fill('France');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Informations enregistrées' })).toBeVisible();
  await expect(page.getByText(/Dernière modification le .* par Marion Manager\./)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(form.getByLabel('SIREN')).toHaveValue('812345678');

  // a colleague opens a claim: the declarant is there, and can be changed for this claim only
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'staff');
  await expect(staff.getByRole('navigation').getByRole('link', { name: 'Paramètres' })).toHaveCount(0);
  const project = await activeProject(staff, 'Delacroix');
  await staff.goto(`/projects/${project.id}`);
  await staff.getByRole('link', { name: 'Ouvrir un sinistre' }).click();
  await expect(staff.getByText('Pré-rempli avec les informations de l’organisation')).toBeVisible();
  await expect(staff.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Łukasz');
  await expect(staff.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('Nguyễn 王小明');
  await expect(staff.getByLabel('Téléphone')).toHaveValue('05 61 00 00 00');
  await expect(staff.getByLabel('Raison sociale')).toHaveValue('Agence du Centre');
  await expect(staff.getByRole('group', { name: 'Adresse de la société (facultatif)' }).getByLabel('Ville')).toHaveValue('Toulouse');
  await staff.getByLabel('Raison sociale').fill('Agence du Centre — Toulouse Sud');
  await staff.getByRole('group', { name: 'Premier loyer impayé' }).getByRole('spinbutton').first().click();
  const [y, m] = project.today.split('-');
  await staff.keyboard.type(`05${m}${y}`);
  await staff.getByRole('button', { name: 'Déclarer le sinistre' }).click();
  await expect(staff).toHaveURL(/\/claims\/[0-9a-f-]{36}#documents$/);
  const claimId = new URL(staff.url()).pathname.split('/').pop() ?? '';
  const claims = (await (await staff.request.get(`/api/v1/claims?projectId=${project.id}`)).json()) as {
    items: { id: string; legalInfo: { companyName?: string; siren?: string } }[];
  };
  expect(claims.items.find((c) => c.id === claimId)?.legalInfo).toMatchObject({
    companyName: 'Agence du Centre — Toulouse Sud',
    siren: '812345678',
  });
  // the organization's details are unchanged, and only managers reach the settings
  await staff.goto('/settings');
  await expect(staff.getByText('Cette page est réservée aux responsables.')).toBeVisible();
  await expect(staff.getByRole('form', { name: 'Déclarant des sinistres' })).toHaveCount(0);
  await page.reload();
  await expect(form.getByLabel('Raison sociale')).toHaveValue('Agence du Centre');
  await staff.context().close();
});
