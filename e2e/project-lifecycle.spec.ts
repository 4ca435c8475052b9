import { type Page } from '@playwright/test';
import { expect, test, expectAccessible, signIn } from './support.js';

const PDF = {
  name: 'piece.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%e2e\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeDate(page: Page, label: string, ddmmyyyy: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

test('staff take a tenant from pre-score to an active contract in the browser', async ({ page }) => {
  test.setTimeout(90_000); // a project through every step, pre-score to active contract, in the browser
  await signIn(page, 'staff');
  await page.getByRole('link', { name: 'Nouveau projet' }).first().click();
  await expect(page.getByRole('heading', { name: 'Nouveau projet de garantie' })).toBeVisible();

  await pickOption(page, 'Situation professionnelle', 'CDI du privé');
  await page.getByLabel('Revenus nets mensuels').fill('3000');
  await page.getByRole('button', { name: 'Calculer le pré-score' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loyer maximum garanti' })).toContainText('1 000');
  await expect(page.getByText('Éligible', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(page.getByText('Champ obligatoire.').first()).toBeVisible();

  await pickOption(page, 'Civilité', 'Madame');
  await page.getByLabel('Prénom').fill('Juliette');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Navigateur');
  await page.getByLabel('E-mail').fill('juliette.navigateur@exemple.fr');
  await typeDate(page, 'Date de naissance', '17051990');
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await expect(page.getByText('+33612345678')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Créer le projet' }).click();

  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Projet créé. Loyer maximum garanti : 1 000,00 €.')).toBeVisible();
  await expect(page.getByLabel('Lien du parcours locataire')).toHaveValue(/\/public\/projects\//);
  await expect(page.getByRole('heading', { name: 'Juliette Navigateur' })).toBeVisible();

  // documents: wrong type refused before upload, then each required document
  const required = page.getByRole('list', { name: 'Documents demandés' });
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('notes.txt n’est pas un PDF, JPEG, PNG ou GIF.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Demander la validation' })).toBeDisabled();
  await expect(page.getByText(/Pour demander la validation, ajoutez/)).toBeVisible();
  const inputs = page.locator('input[type=file]');
  const count = await inputs.count();
  for (let i = 0; i < count; i++) {
    await page.locator('input[type=file]').nth(i).setInputFiles(PDF);
    await expect(required.getByRole('img', { name: 'Fourni' })).toHaveCount(i + 1);
  }
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' }).getByRole('listitem')).toHaveCount(count);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Demander la validation' }).click();
  await expect(page.getByText('Documents en validation').first()).toBeVisible();

  // the sandbox back office plays the manager, then the rental information
  await page.getByRole('button', { name: 'Valider les documents' }).click();
  await expect(page.getByRole('form', { name: 'Informations de location' })).toBeVisible();
  await page.getByLabel('Prénom').fill('Paul');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Propriétaire');
  await page.getByLabel('E-mail').fill('paul.proprietaire@exemple.fr');
  await page.getByLabel('Téléphone').fill('01 42 00 00 00');
  const addresses = page.getByRole('textbox', { name: 'Adresse', exact: true });
  await addresses.nth(0).fill('8 boulevard Haussmann');
  await addresses.nth(1).fill('12 rue des Lilas');
  for (const [i, zip, city] of [
    [0, '75009', 'Paris'],
    [1, '69003', 'Lyon'],
  ] as const) {
    await page.getByLabel('Code postal').nth(i).fill(zip);
    await page.getByLabel('Ville').nth(i).fill(city);
  }
  await page.getByLabel('Loyer mensuel charges comprises').fill('1200');
  await expect(page.getByRole('status').filter({ hasText: /ne couvre pas 1\s200,00/ })).toBeVisible();
  await pickOption(page, 'Type de propriétaire', 'Agence');
  await expect(page.getByLabel('Nom de l’agence')).toBeVisible();
  await pickOption(page, 'Type de propriétaire', 'Propriétaire particulier');
  await page.getByLabel('Loyer mensuel charges comprises').fill('800');
  await expect(page.getByText('Le loyer maximum garanti (1 000,00 €) couvre ce loyer.')).toBeVisible();
  const today = ((await (await page.request.get('/api/session')).json()) as { today: string }).today;
  const [y, m, d] = today.split('-');
  await typeDate(page, 'Début du bail', `${d}${m}${y}`);
  await page.getByRole('button', { name: 'Envoyer les informations de location' }).click();
  await expect(page.getByText('Location en validation').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Informations de location' })).toContainText('12 rue des Lilas');

  await page.getByRole('button', { name: 'Valider la location' }).click();
  await expect(page.getByText('En attente du paiement du locataire')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByRole('region', { name: 'Paiement de la garantie' })).toContainText(/Payé · Montant : 336,00\s€ · Payé le/);
  await page.getByRole('button', { name: 'Signature du locataire' }).click();
  await expect(page.getByText('En attente de signature du propriétaire').first()).toBeVisible();
  await page.getByRole('button', { name: 'Signature du propriétaire' }).click();
  await expect(page.getByText('Actif, contrat en cours').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le certificat d’éligibilité (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^certificat-.*\.pdf$/);
  await expectAccessible(page);
});

test('the new-project form keeps its draft across a refresh and asks before leaving', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/projects/new');
  await page.getByLabel('Prénom').fill('Brouillon');
  await page.reload();
  await expect(page.getByLabel('Prénom')).toHaveValue('Brouillon');
  await expect(page.getByText('Brouillon restauré.')).toBeVisible();
  await page.getByLabel('Prénom').fill('Brouillon bis');
  await page.getByRole('link', { name: 'Projets' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Quitter le formulaire ?' })).toContainText('reste enregistré comme brouillon');
  await page.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);
  await page.getByRole('link', { name: 'Projets' }).first().click();
  await page.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

test('intermediaries read the projects of their claims without any editing control', async ({ page }) => {
  await signIn(page, 'intermediary');
  await expect(page.getByRole('link', { name: 'Nouveau projet' })).toHaveCount(0);
  const first = page.getByRole('table', { name: 'Projets de garantie' }).getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Sinistres du projet' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Back-office du bac à sable' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Demander la validation' })).toHaveCount(0);
});
