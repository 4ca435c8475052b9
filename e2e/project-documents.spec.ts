import { type Page } from '@playwright/test';
import { expect, test, PDF, apiAs, newProject, signIn } from './support.js';

/** A project's documents and validation: refused, deleted, an upload's error, a tenant already known, not eligible. */

/** A project with every required document, sent for validation (status 1). */
async function projectInValidation(page: Page, lastName: string): Promise<string> {
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject(lastName));
  const id = ((await created.json()) as { id: string }).id;
  const required = (await (await page.request.get(`/api/v3/projects/${id}/required`)).json()) as { documentType: number }[];
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string };
  const headers = { origin: new URL(page.url()).origin, 'x-csrf-token': session.csrfToken };
  for (const d of required)
    expect(
      (
        await page.request.post(`/api/v3/projects/${id}/documents`, {
          headers,
          multipart: { documentType: String(d.documentType), file: PDF },
        })
      ).status(),
    ).toBe(201);
  expect((await apiAs(page, 'POST', `/api/v3/projects/${id}/apply`)).status()).toBe(200);
  return id;
}

test('a refused document shows as refused with its reason, and validation waits until it is replaced', async ({ page }) => {
  await signIn(page, 'staff');
  const id = await projectInValidation(page, 'Rahimi');
  const reject = await apiAs(page, 'POST', `/api/sandbox/projects/${id}/documents/reject`, {
    reason: 'Avis d’imposition illisible : merci de le renvoyer en PDF.',
    documentTypes: [2],
  });
  expect(reject.status()).toBe(200);
  await page.goto(`/projects/${id}`);
  const rows = page.getByRole('list', { name: 'Documents demandés' }).getByRole('listitem');
  const tax = rows.filter({ hasText: "Avis d'imposition" });
  await expect(tax).toContainText('Refusé : Avis d’imposition illisible : merci de le renvoyer en PDF.');
  await expect(tax).not.toContainText('Fourni');
  await expect(rows.filter({ hasText: "Pièce d'identité" })).toContainText('Fourni');
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' }).getByRole('listitem').filter({ hasText: 'Refusé' })).toHaveCount(1);
  await expect(page.getByText("Pour demander la validation, remplacez les documents refusés : Avis d'imposition.")).toBeVisible();
  const apply = page.getByRole('button', { name: 'Demander la validation' });
  await expect(apply).toBeDisabled();

  // a new tax notice replaces it: validation can be asked again
  await page.getByLabel("Avis d'imposition", { exact: true }).setInputFiles({ ...PDF, name: 'avis-2026.pdf' });
  await expect(tax).toContainText('Fourni');
  await expect(apply).toBeEnabled();
});

test('a document is deleted only once confirmed, and an empty file is named as empty', async ({ page }) => {
  await signIn(page, 'staff');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Suzuki'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  await page.getByLabel("Pièce d'identité", { exact: true }).setInputFiles({ ...PDF, name: 'cni.pdf' });
  const files = page.getByRole('list', { name: 'Fichiers envoyés' });
  await expect(files).toContainText('cni.pdf');

  // the bin asks first; cancelling keeps the file
  await page.getByRole('button', { name: 'Supprimer cni.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cni.pdf ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(files).toContainText('cni.pdf');

  // confirmed twice in a row (a double click): one delete, no "this address does not exist"
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });
  await page.getByRole('button', { name: 'Supprimer cni.pdf' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).dblclick();
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(deletes).toHaveLength(1);

  // an empty file: said so, naming it, with no support reference
  await page
    .getByLabel("Pièce d'identité", { exact: true })
    .setInputFiles({ name: 'vide.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  await expect(page.getByRole('alert')).toHaveText('Le fichier vide.pdf est vide : choisissez un fichier qui a un contenu.');
});

test('an error of the documents section clears at the next success', async ({ page }) => {
  await signIn(page, 'staff');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Ezeani'));
  const id = ((await created.json()) as { id: string }).id;
  await page.goto(`/projects/${id}`);
  await page.getByLabel("Pièce d'identité", { exact: true }).setInputFiles({ ...PDF, name: 'cni.pdf' });
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText('cni.pdf');
  // this page's delete fails (the partner refuses it once: the file was, say, removed elsewhere)
  let refused = false;
  await page.route(`**/api/v3/projects/${id}/documents/*`, (route) => {
    if (route.request().method() !== 'DELETE' || refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'No such document', requestId: 'e2e-404' } });
  });
  await page.getByRole('button', { name: 'Supprimer cni.pdf' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  // the next upload succeeds: the old error goes
  await page.getByLabel("Pièce d'identité", { exact: true }).setInputFiles({ ...PDF, name: 'cni-2.pdf' });
  await expect(page.getByRole('list', { name: 'Fichiers envoyés' })).toContainText('cni-2.pdf');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a project found not eligible says why when the partner gave a reason', async ({ page }) => {
  await signIn(page, 'staff');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Ineligible'));
  const id = ((await created.json()) as { id: string }).id;
  const set = await apiAs(page, 'POST', `/api/sandbox/projects/${id}/status`, { status: 14, reason: 'Revenus non justifiés.' });
  expect(set.status()).toBe(200);
  await page.goto(`/projects/${id}`);
  await expect(page.getByRole('region', { name: 'Avancement' }).getByRole('alert')).toHaveText('Non éligible : Revenus non justifiés.');
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
