import { readFileSync } from 'node:fs';
import { expect, test, PDF, activeClaim, apiAs, monthsBefore, signInByApi } from './support.js';

test('every step of a claim journey appears in the audit trail with the right person; the CSV has exactly the rows on screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // a whole claim journey through the pages, then its trail read and exported
  // the staff member's journey, through the dashboard
  // signed in through the API: this walk is about what comes after (the sign-in page has its own)
  await signInByApi(page, 'staff');
  await page.goto('/claims');
  const claimId = await activeClaim(page, 2, 'Audit');
  const session = (await (await page.request.get('/api/session')).json()) as { csrfToken: string; today: string };
  const month = monthsBefore(session.today, 1);
  expect((await apiAs(page, 'POST', `/api/v1/claims/${claimId}/rentaldebts`, { rentAmount: 812.5, rentDueDate: month })).status()).toBe(
    201,
  );
  const upload = await page.request.post(`/api/v1/claims/${claimId}/documents`, {
    headers: { origin: new URL(page.url()).origin, 'x-csrf-token': session.csrfToken },
    multipart: { documentType: '1', file: { ...PDF, name: 'bail-signé.pdf' } },
  });
  expect(upload.status()).toBe(201);
  const paid = await apiAs(page, 'POST', `/api/v1/claims/${claimId}/payments`, { amount: 120, applyDate: session.today });
  expect(paid.status()).toBe(201);
  const paymentId = ((await paid.json()) as { id: string }).id;
  expect((await apiAs(page, 'DELETE', `/api/v1/claims/${claimId}/payments/${paymentId}`)).status()).toBe(200);

  // the claim's page tells its own history, with who and when
  await page.goto(`/claims/${claimId}`);
  const history = page.getByRole('list', { name: 'Historique' });
  await expect(history.getByText(/^Mois d.+ déclaré \(812,50\s€\) par Samuel Staff le .+ à \d+ h \d\d$/)).toBeVisible();
  await expect(history.getByText(/^Document « bail-signé\.pdf » envoyé par Samuel Staff/)).toBeVisible();
  // a payment deleted says which it was
  await expect(history.getByText(/^Paiement de 120,00\s€ du \d\d\/\d\d\/\d{4} supprimé par Samuel Staff/)).toBeVisible();

  // the manager reaches the trail through the Organisation menu and finds the file by its tenant's name
  const context = await browser.newContext({ acceptDownloads: true });
  const manager = await context.newPage();
  await signInByApi(manager, 'manager');
  await manager.goto('/');
  await manager.getByRole('button', { name: 'Organisation' }).click();
  await manager.getByRole('menuitem', { name: 'Audit' }).click();
  await expect(manager.getByRole('heading', { name: 'Journal d’audit' })).toBeVisible();
  await manager.getByLabel('Locataire').fill('lea audit');
  const table = manager.getByRole('table', { name: 'Journal d’audit' });
  const rows = table.locator('tbody tr');
  // once typing pauses, the trail holds that tenant's files only
  await expect(manager).toHaveURL(/tenant=lea/);
  await expect(rows.filter({ hasNotText: 'Léa Audit' })).toHaveCount(0);
  for (const what of [
    'Sinistre ouvert',
    'déclaré (812,50',
    'Document « bail-signé.pdf » envoyé',
    /Paiement de 120,00.+ enregistré/,
    /Paiement de 120,00.+ supprimé/,
  ])
    await expect(rows.filter({ hasText: what }).filter({ hasText: 'Samuel Staff (Collaborateur)' })).toHaveCount(1);
  // in words: the file named by its tenant, amounts with their currency, a document by its type
  const declared = rows.filter({ hasText: 'déclaré (812,50' });
  await expect(declared.getByRole('link', { name: 'Sinistre : Léa Audit' })).toBeVisible();
  await expect(declared).toContainText(/Loyer : 812,50\s€/);
  await expect(rows.filter({ hasText: 'Document « bail-signé.pdf » envoyé' })).toContainText('Type : Bail signé');
  await expect(table).not.toContainText(/rentAmount|rentalDebtId|paymentId|documentType/);
  const count = manager.getByRole('status').filter({ hasText: /^\d+ entrées$/ });
  await expect(count).toBeVisible();
  const total = Number(/^(\d+)/.exec((await count.textContent()) ?? '')?.[1]);

  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('link', { name: 'Exporter en CSV (filtres affichés)' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(1 + total);
  expect(csv.slice(1).every((line) => line.includes(';Léa Audit;'))).toBe(true);
  expect(csv.filter((line) => line.includes(`;Samuel Staff;staff@demo-agency.fr;Collaborateur;`) && line.includes(claimId))).toHaveLength(
    5,
  );
  // narrower filters on screen, the same narrower CSV
  await manager.getByLabel('Opération').click();
  await manager.getByRole('option', { name: 'Paiement du locataire supprimé' }).click();
  await expect(rows).toHaveCount(1);
  const [narrow] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('link', { name: 'Exporter en CSV (filtres affichés)' }).click(),
  ]);
  const narrowCsv = readFileSync((await narrow.path()) ?? '', 'utf8')
    .trim()
    .split('\r\n');
  expect(narrowCsv).toHaveLength(2);
  // the CSV says what the page says: which payment it was
  expect(narrowCsv[1]).toMatch(/;"Paiement de 120,00\s€ du \d\d\/\d\d\/\d{4} supprimé";/);

  // the integrity check
  await manager.getByRole('button', { name: 'Vérifier l’intégrité' }).click();
  await expect(manager.getByRole('status').filter({ hasText: /^Journal intact : \d+ entrées vérifiées/ })).toBeVisible();
  await context.close();
});
