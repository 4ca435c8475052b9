import { expect, test, activeClaim, apiAs, signInByApi } from './support.js';

const w = {
  form: 'Enregistrer un paiement',
  amount: 'Montant',
  expected: /^Répartition prévue/,
  recorded: 'Paiement enregistré',
  list: 'Paiements du locataire',
  kind: 'Paiement enregistré ·',
  rule: 'Comment un paiement est-il réparti ?',
  declare: /Déclarer ce mois/,
  declareForm: 'Déclarer ce mois',
  received: /^Montant déjà reçu/,
  receivedDate: 'Date de réception',
  submit: 'Déclarer',
  partly: /Déjà payé par le locataire : 100,00/,
} as const;

test.setTimeout(60_000); // each test makes an active claim through the partner API before its pages
// in French, the product's first language (the page in English is the walks': walks.spec.ts)
test('a recorded payment stays on its month when later months are declared; a partly paid month is declared as such', async ({ page }) => {
  await signInByApi(page, 'staff');
  await page.goto('/');
  const id = await activeClaim(page, 2, 'Repartition');
  await page.goto(`/claims/${id}`);
  const form = page.getByRole('form', { name: w.form });
  await form.scrollIntoViewIfNeeded();
  await expect(page.getByText(w.rule)).toBeVisible();
  // today's month is not declared: the form says before saving where the amount will go
  await form.getByLabel(w.amount).fill('150');
  const months = (await (await page.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as {
    id: string | null;
    rentDueDate: string;
  }[];
  const first = months[0]?.rentDueDate ?? '';
  await expect(page.getByText(w.expected)).toBeVisible();
  await form.getByRole('button', { name: w.form }).click();
  await expect(page.getByRole('status').filter({ hasText: w.recorded })).toBeVisible();
  const list = page.getByRole('list', { name: w.list });
  // the list also names what was received at a month's declaration: the recorded payment is its own item
  const recorded = (l: typeof list) => l.getByRole('listitem').filter({ hasText: w.kind });
  await expect(recorded(list)).toHaveCount(1);
  const spreadBefore = (await recorded(list).textContent()) ?? '';

  // declare the next month partly paid, through the form
  const timeline = page.getByRole('table').first();
  await timeline.getByRole('button', { name: w.declare }).click();
  const declare = page.getByRole('form', { name: w.declareForm });
  await declare.getByLabel(w.received).fill('100');
  await declare.getByRole('group', { name: w.receivedDate }).getByRole('spinbutton').first().click();
  const [y, m] = (months[1]?.rentDueDate ?? first).split('-');
  await page.keyboard.type(`06${m}${y}`);
  await declare.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(declare).toHaveCount(0);
  await expect(timeline.getByText(w.partly)).toBeVisible();
  // and the month after, through the API
  const rest = (await (await page.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as {
    id: string | null;
    rentDueDate: string;
  }[];
  for (const d of rest.filter((x) => x.id === null))
    expect(
      (
        await apiAs(page, 'POST', `/api/v1/claims/${id}/rentaldebts`, {
          rentAmount: 800,
          rentAmountReceived: 0,
          rentDueDate: d.rentDueDate,
        })
      ).status(),
    ).toBe(201);
  await page.reload();
  await page.getByRole('form', { name: w.form }).scrollIntoViewIfNeeded();
  // the payment is where it was recorded
  await expect(recorded(page.getByRole('list', { name: w.list }))).toHaveText(spreadBefore);

  // changed with the same form, in its place: where it would go said before, and the history says which payment it was
  const line = recorded(page.getByRole('list', { name: w.list }));
  await line.getByRole('button', { name: /^Modifier le paiement de 150,00/ }).click();
  const change = page.getByRole('form', { name: /^Modifier le paiement de 150,00/ });
  await expect(change.getByLabel(w.amount)).toBeFocused();
  await change.getByLabel(w.amount).fill('160');
  await expect(page.getByText(w.expected)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Paiement modifié : 160,00/ })).toBeVisible();
  await expect(change).toHaveCount(0);
  await expect(page.getByText(/Paiement de 150,00\s€ du \d\d\/\d\d\/\d{4} modifié : 160,00\s€/)).toBeVisible();
});
