import { type Page } from '@playwright/test';
import { expect, test, PDF, activeProject, apiAs, newProject, signIn } from './support.js';

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

test('a project found not eligible says why when the partner gave a reason', async ({ page }) => {
  await signIn(page, 'staff');
  const created = await apiAs(page, 'POST', '/api/v3/projects', newProject('Ineligible'));
  const id = ((await created.json()) as { id: string }).id;
  const set = await apiAs(page, 'POST', `/api/sandbox/projects/${id}/status`, { status: 14, reason: 'Revenus non justifiés.' });
  expect(set.status()).toBe(200);
  await page.goto(`/projects/${id}`);
  await expect(page.getByRole('region', { name: 'Avancement' }).getByRole('alert')).toHaveText('Non éligible : Revenus non justifiés.');
});
