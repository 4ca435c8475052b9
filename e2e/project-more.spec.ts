import { expect, test } from '@playwright/test';
import { apiAs, expectAccessible, newProject, signIn } from './support.js';

test('a claim is opened from an active project, with the rules of the form', async ({ page }) => {
  await signIn(page, 'staff');
  await apiAs(page, 'POST', '/api/sandbox/reset');
  await page.goto('/projects?status=7');
  const rows = page.getByRole('grid').getByRole('link');
  await expect(rows.first()).toBeVisible();
  // an active project without a claim: open each until the button shows
  const count = await rows.count();
  let opened = false;
  for (let i = count - 1; i >= 0 && !opened; i--) {
    await page.goto('/projects?status=7');
    await page.getByRole('grid').getByRole('link').nth(i).click();
    await expect(page.getByRole('region', { name: 'Sinistres du projet' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Sinistres du projet' })
      .getByText(/Aucun sinistre|En attente|Validé|Audience|Clôturé/)
      .first()
      .waitFor();
    if (await page.getByText('Aucun sinistre sur ce projet.').isVisible()) opened = true;
  }
  expect(opened).toBe(true);
  await page.getByRole('link', { name: 'Ouvrir un sinistre' }).click();
  await expect(page.getByRole('heading', { name: 'Ouvrir un sinistre' })).toBeVisible();
  await expect(page.getByLabel('E-mail du propriétaire principal')).not.toHaveValue('');
  await expectAccessible(page);

  const session = (await (await page.request.get('/api/session')).json()) as { today: string };
  const [y, m] = session.today.split('-');
  const due = page.getByRole('group', { name: 'Premier loyer impayé' });
  await due.getByRole('spinbutton').first().click();
  await page.keyboard.type(`05${m}${y}`);
  await page.getByLabel('Montant déjà reçu du locataire').fill('100');
  await expect(page.getByRole('group', { name: 'Date de réception' })).toBeVisible();
  await page.getByRole('button', { name: 'Déclarer le sinistre' }).click();
  await expect(page.getByText('Champ obligatoire.').first()).toBeVisible();
  await page.getByLabel('Montant déjà reçu du locataire').fill('0');
  await expect(page.getByRole('group', { name: 'Date de réception' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Sophie');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lambert');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('sophie.lambert@demo-agency.fr');
  await page.getByLabel('Téléphone').fill('01 45 67 89 10');
  await page.getByLabel('SIREN').fill('81234');
  await page.getByRole('button', { name: 'Déclarer le sinistre' }).click();
  await expect(page.getByText('Doit comporter 9 chiffres.')).toBeVisible();
  await page.getByLabel('SIREN').fill('812345678');
  await page.getByLabel('Autres destinataires (e-mails séparés par des virgules)').fill('compta@agence.fr, gestion@agence.fr');
  await page.getByRole('button', { name: 'Déclarer le sinistre' }).click();
  await expect(page.getByText('Sinistre ouvert.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sinistres du projet' })).toContainText('En attente de documents');
  await expect(page.getByRole('link', { name: 'Ouvrir un sinistre' })).toBeVisible();
  await page.getByRole('link', { name: 'Ouvrir un sinistre' }).click();
  await page.getByRole('group', { name: 'Premier loyer impayé' }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`05${m}${y}`);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Sophie');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lambert');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('sophie.lambert@demo-agency.fr');
  await page.getByLabel('Téléphone').fill('01 45 67 89 10');
  await page.getByRole('button', { name: 'Déclarer le sinistre' }).click();
  await expect(page.getByRole('alert')).toContainText('Ce projet a déjà un sinistre en cours');
});

test('creation warns about another project with the same tenant email; documents can be deleted while pending', async ({ page }) => {
  await signIn(page, 'manager');
  expect((await apiAs(page, 'POST', '/api/v3/projects', newProject('Doublon'))).status()).toBe(201);
  await page.goto('/projects/new');
  await page.getByRole('combobox', { name: 'Situation professionnelle' }).click();
  await page.getByRole('option', { name: 'CDI du privé', exact: true }).click();
  await page.getByLabel('Revenus nets mensuels').fill('3200');
  await page.getByRole('combobox', { name: 'Civilité' }).click();
  await page.getByRole('option', { name: 'Madame', exact: true }).click();
  await page.getByLabel('Prénom').fill('Léa');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Doublon');
  await page.getByLabel('E-mail').fill('doublon@exemple.fr');
  await page.getByRole('group', { name: 'Date de naissance' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('04031991');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(page.getByText('Un autre projet utilise déjà l’adresse doublon@exemple.fr')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) });
  const uploaded = page.getByRole('list', { name: 'Fichiers envoyés' });
  await expect(uploaded.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Supprimer id.png' }).click();
  await expect(uploaded).toHaveCount(0);
});

test('the project list does not load the wizard, pickers or phone code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await signIn(page, 'staff');
  await expect(page.getByRole('grid')).toBeVisible();
  expect(scripts.some((s) => /project-new|project-detail|claim-new|events-/.test(s))).toBe(false);
});
