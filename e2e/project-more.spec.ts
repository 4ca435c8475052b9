import { expect, test, activeProject, apiAs, expectAccessible, newProject, signIn } from './support.js';

test('opening a claim lands in its workspace where its next task is; a project with an active claim links to it instead', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const project = await activeProject(page, 'Ouverture');
  await page.goto(`/projects/${project.id}`);
  // an active contract: nobody is awaited (no "Whose turn: —"), the rental summary has the deposit
  await expect(page.getByText('Prochaine étape : Contrat actif')).toBeVisible();
  await expect(page.getByText('À qui de jouer')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Informations de location' }).getByRole('row', { name: /Dépôt de garantie/ })).toContainText(
    /1\s600,00\s€/,
  );
  await page.getByRole('link', { name: 'Ouvrir un sinistre' }).click();
  await expect(page.getByRole('heading', { name: 'Ouvrir un sinistre' })).toBeVisible();
  await expect(page.getByLabel('E-mail du propriétaire principal')).not.toHaveValue('');
  await expectAccessible(page);

  // the rules of the form, then a valid declaration (the declarant may be pre-filled: typed over)
  const [y, m] = project.today.split('-');
  await page.getByRole('group', { name: 'Premier loyer impayé' }).getByRole('spinbutton').first().click();
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

  // the new claim's workspace, at its documents, saying what comes next
  await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}#documents$/);
  const claimId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: 'Léa Ouverture', level: 1 })).toBeVisible();
  const next = page.getByRole('status').filter({ hasText: 'Sinistre ouvert. Étape suivante : déposez les documents demandés' });
  await expect(next).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Documents demandés' })).toBeInViewport();
  // the note follows the claim: once it no longer awaits documents, it is gone (no reload)
  await page.getByRole('combobox', { name: 'Passer le sinistre au statut' }).click();
  await page.getByRole('option', { name: 'En cours de validation' }).click();
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('button', { name: 'Appliquer' })).toBeDisabled();
  await expect(next).toHaveCount(0);

  // back on the project: one active claim per project, so a link to it and no second form
  await page.getByRole('link', { name: 'Voir le projet' }).click();
  const claims = page.getByRole('region', { name: 'Sinistres du projet' });
  await expect(claims.getByRole('link', { name: 'Voir le sinistre en cours' })).toHaveAttribute('href', `/claims/${claimId}`);
  await expect(claims.getByRole('link', { name: 'Ouvrir un sinistre' })).toHaveCount(0);
  await expect(claims.getByRole('list', { name: 'Sinistres du projet' })).toContainText('En cours de validation');
  await expect(claims).not.toContainText(claimId); // the claim is named by its first unpaid month, not its id
  await page.goto(`/projects/${project.id}/claims/new`);
  await expect(page.getByText('Ce projet a déjà un sinistre en cours')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Déclarer le sinistre' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Voir le sinistre en cours' }).click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claimId}$`));
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
  await page.getByRole('dialog', { name: 'Supprimer id.png ?' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(uploaded).toHaveCount(0);
});
