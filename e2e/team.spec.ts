import { expect, test, expectAccessible, signIn } from './support.js';

test('a manager invites a staff member, who sets a password and is signed in; a demotion shows at their next request, a deactivation ends their session', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // invite, set a password, demote, deactivate: two browsers, each step a page
  await signIn(page, 'manager', '/settings');
  await page.getByRole('link', { name: 'Gérer l’équipe' }).click();
  await expect(page.getByRole('heading', { name: 'Équipe', level: 1 })).toBeVisible();
  const team = page.getByRole('table', { name: 'Équipe' });
  await expect(team.getByRole('row').filter({ hasText: 'manager@demo-agency.fr' })).toContainText('Actif');

  const invite = page.getByRole('form', { name: 'Inviter un collègue' });
  await invite.getByLabel('E-mail').fill('camille@agence.fr');
  await invite.getByLabel('Nom').fill('Camille Collègue');
  await invite.getByRole('button', { name: 'Inviter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lien pour Camille Collègue' });
  await expect(dialog).toContainText('Aucun e-mail n’est parti');
  const link = await dialog.getByLabel('Lien').inputValue();
  expect(link).toMatch(/\/set-password#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  const row = team.getByRole('row').filter({ hasText: 'camille@agence.fr' });
  await expect(row).toContainText('Invité');
  await expect(row).toContainText('Lien valable jusqu’au');
  await expectAccessible(page);

  // the invitee, in their own browser
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Bienvenue : choisissez votre mot de passe' })).toBeVisible();
  const password = colleague.getByLabel('Nouveau mot de passe');
  await password.fill('trop court');
  await password.blur();
  // the contract's rule while typing, before anything is sent
  await expect(colleague.getByText('Au moins 15 caractères')).toBeVisible();
  await password.fill('Camille aime les tartines');
  await expect(colleague.getByText('Ne doit contenir ni votre nom ni votre adresse e-mail.')).toBeVisible();
  await password.fill('quatre chevaux sous la pluie');
  await colleague.getByLabel('Confirmez le mot de passe').fill('quatre chevaux sous la pluie');
  await colleague.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(colleague.getByRole('heading', { name: 'À faire', level: 1 })).toBeVisible();
  await expect(colleague.getByRole('link', { name: /mon compte$/ })).toContainText('Camille Collègue');
  await colleague
    .getByRole('navigation')
    .getByRole('link', { name: /Projets/ })
    .click();
  await expect(colleague.getByRole('link', { name: 'Nouveau projet' })).toBeVisible();
  // the link worked once
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('Ce lien n’est plus valable');

  // the manager demotes them: their open page follows at its next request
  await page.reload();
  await expect(row).toContainText('Actif');
  await row.getByLabel('Rôle de Camille Collègue').click();
  await page.getByRole('option', { name: 'Intermédiaire' }).click();
  await page
    .getByRole('dialog', { name: 'Changer le rôle de Camille Collègue ?' })
    .getByRole('button', { name: 'Changer le rôle' })
    .click();
  await expect(page.getByRole('status')).toContainText('Rôle de Camille Collègue changé');
  await colleague
    .getByRole('navigation')
    .getByRole('link', { name: /Sinistres/ })
    .click();
  await expect(colleague.getByRole('link', { name: /mon compte$/ })).toContainText('Intermédiaire');
  await colleague
    .getByRole('navigation')
    .getByRole('link', { name: /Projets/ })
    .click();
  await expect(colleague.getByRole('heading', { name: 'Projets de garantie' })).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'Nouveau projet' })).toHaveCount(0);

  // deactivated: their open session ends at once (the page goes to sign-in by itself), and they cannot sign in:
  // with their right password they are told why, and whom to ask
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Désactiver' }).click();
  await expect(row).toContainText('Désactivé');
  await expect(colleague).toHaveURL(/\/sign-in/);
  await colleague.getByLabel('Adresse e-mail').fill('camille@agence.fr');
  await colleague.getByLabel('Mot de passe').fill('quatre chevaux sous la pluie');
  await colleague.getByRole('button', { name: 'Se connecter' }).click();
  await expect(colleague.getByRole('alert')).toContainText('Ce compte a été désactivé : demandez à un responsable de le réactiver.');
});
