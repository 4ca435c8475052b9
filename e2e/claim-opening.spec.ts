import { expect, test, activeProject, apiAs, expectAccessible, newProject, signIn } from './support.js';

/** Opening a claim from a project, as staff and as an intermediary (an active contract; a project out of her reach). */

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

test('an intermediary opens a claim on an active contract; a project out of reach says why, with the ways back, and no useless retry', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const active = await activeProject(page, 'Intermediation');
  const pending = ((await (await apiAs(page, 'POST', '/api/v3/projects', newProject('Horsperimetre'))).json()) as { id: string }).id;
  await page.context().clearCookies();
  await signIn(page, 'intermediary', '/projects');
  // the active contract is in their list, though it has no claim
  await page.getByRole('searchbox', { name: 'Rechercher un locataire' }).fill('Intermediation');
  await expect(page.getByText('1 projet')).toBeVisible();
  await expect(page).toHaveURL(/search=Intermediation/);
  await page.getByRole('table', { name: 'Projets de garantie' }).getByRole('link', { name: 'Léa Intermediation' }).click();
  await expect(page.getByRole('heading', { name: 'Léa Intermediation', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Ouvrir un sinistre' }).click();
  await expect(page.getByRole('heading', { name: 'Ouvrir un sinistre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Déclarer le sinistre' })).toBeVisible();
  expect(page.url()).toContain(active.id);

  await page.goto(`/projects/${pending}/claims/new`);
  await expect(page.getByRole('heading', { name: 'Ce projet n’est pas dans votre périmètre', level: 1 })).toBeVisible();
  await expect(page.getByText(/il n’a pas de sinistre et n’est pas un contrat actif/)).toBeVisible();
  await expect(page.getByText('Votre rôle ne permet pas cette action')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
  // the way back: to the page she came from
  await page.getByRole('button', { name: 'Revenir à la page précédente' }).click();
  await expect(page.getByRole('heading', { name: 'Ouvrir un sinistre' })).toBeVisible();
});
