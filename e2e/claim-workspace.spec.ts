import { expect, test, PDF, activeClaim, apiAs, expectAccessible, signIn, LIVE_MS } from './support.js';

test('a claim is run month after month in the workspace', async ({ page }) => {
  test.setTimeout(90_000); // a claim run through documents, declarations, payments and statuses in one journey
  await signIn(page, 'staff');
  const id = await activeClaim(page);
  await page.goto(`/claims/${id}`);
  await expect(page.getByRole('heading', { name: 'Léa Sinistre' })).toBeVisible();
  await expect(page.getByText('En attente de documents').first()).toBeVisible();

  for (const type of ['Bail signé', 'Relevé de compte locataire', 'Mise en demeure']) {
    await page.getByRole('combobox', { name: 'Type de document' }).click();
    await page.getByRole('option', { name: type }).click();
    await page.getByLabel('Envoyer', { exact: true }).setInputFiles(PDF);
    await expect(page.getByRole('list', { name: 'Documents demandés' }).getByRole('img', { name: 'Fourni' })).toHaveCount(
      ['Bail signé', 'Relevé de compte locataire', 'Mise en demeure'].indexOf(type) + 1,
    );
  }
  // what was sent is listed (the partner API has no such list): name, type, sender
  const files = page.getByRole('list', { name: 'Fichiers envoyés' });
  await expect(files.getByRole('listitem')).toHaveCount(3);
  await expect(files.getByRole('listitem').first()).toContainText(/piece\.pdfMise en demeure · .* · envoyé le .* par Samuel Staff/);
  // a file that is no PDF inside, and a PDF over 10 MB: each refused before any upload, by its bytes, looking the same
  await page
    .getByLabel('Envoyer', { exact: true })
    .setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  const badType = page.getByRole('alert').filter({ hasText: 'faux.pdf n’est pas un PDF, JPEG, PNG ou GIF.' });
  await expect(badType).toBeVisible();
  const look = (l: typeof badType) =>
    l.evaluate((e) => `${e.className} ${getComputedStyle(e).backgroundColor} ${getComputedStyle(e).fontSize}`);
  const badTypeLook = await look(badType);
  // 10 MB + 1 byte made in the page (not sent over the test connection)
  await page.getByLabel('Envoyer', { exact: true }).evaluate((input: HTMLInputElement) => {
    const bytes = new Uint8Array(10 * 1024 * 1024 + 1);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const files = new DataTransfer();
    files.items.add(new File([bytes], 'big.pdf', { type: 'application/pdf' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const tooLarge = page.getByRole('alert').filter({ hasText: 'big.pdf dépasse 10 Mo.' });
  await expect(tooLarge).toBeVisible();
  expect(await look(tooLarge)).toContain('MuiAlert-colorError');
  expect(await look(tooLarge)).toBe(badTypeLook);
  await expect(files.getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: 'Soumettre le sinistre' }).click();
  await expect(page.getByText('En cours de validation').first()).toBeVisible();
  const moveTo = page.getByRole('combobox', { name: 'Passer le sinistre au statut' });
  await expect(moveTo).toHaveText('En cours de validation');
  await page.getByRole('button', { name: 'Valider le sinistre' }).click();
  await expect(page.getByText('Validé', { exact: true }).first()).toBeVisible();
  // the back office's status picker follows the claim, it does not keep the status it was opened with
  await expect(moveTo).toHaveText('Validé');
  await expect(page.getByRole('button', { name: 'Appliquer' })).toBeDisabled();
  await expectAccessible(page);

  // the sandbox clock is shared by everyone: the panel shows its date and asks before moving it
  const sandboxToday = async () => ((await (await page.request.get('/api/session')).json()) as { today: string }).today;
  const dmy = (iso: string) => iso.split('-').reverse().join('/');
  for (let i = 0; i < 2; i++) {
    const before = await sandboxToday();
    await expect(page.getByText(`Date du bac à sable : ${dmy(before)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Avancer d’un mois' }).click();
    const ask = page.getByRole('dialog', { name: 'Avancer l’horloge d’un mois ?' });
    await expect(ask).toContainText('commune à toute l’organisation');
    if (i === 0) {
      // changing one's mind moves nothing
      await ask.getByRole('button', { name: 'Annuler' }).click();
      await expect(ask).toHaveCount(0);
      expect(await sandboxToday()).toBe(before);
      await page.getByRole('button', { name: 'Avancer d’un mois' }).click();
    }
    await ask.getByRole('button', { name: /^Avancer au / }).click();
    await expect.poll(sandboxToday).not.toBe(before);
    await expect(page.getByText(`Date du bac à sable : ${dmy(await sandboxToday())}`)).toBeVisible();
  }
  const timeline = page.getByRole('table', { name: 'Mois de loyer' });
  await expect(timeline.getByText('À déclarer')).toHaveCount(2);
  const session = (await (await page.request.get('/api/session')).json()) as { today: string };
  // the payment form's date follows the sandbox clock once it moved
  const [ty, tm, td] = session.today.split('-');
  // (its date field is built when the form comes near the screen: the user scrolls to it)
  await page.getByRole('form', { name: 'Enregistrer un paiement' }).scrollIntoViewIfNeeded();
  const applyDate = page.getByRole('form', { name: 'Enregistrer un paiement' }).getByRole('group', { name: 'Date d’imputation' });
  await expect(applyDate).toContainText(`${td}/${tm}/${ty}`);
  // an attempt out of order is explained (E0188)
  await timeline.getByRole('button', { name: /Déclarer ce mois/ }).click();
  const [y, m] = session.today.split('-');
  const due = page.getByRole('form', { name: 'Déclarer ce mois' }).getByRole('group', { name: 'Date d’échéance' });
  await due.getByRole('spinbutton').first().click();
  await page.keyboard.type(`01${m}${y}`);
  await page.getByRole('button', { name: 'Déclarer', exact: true }).click();
  const declare = page.getByRole('form', { name: 'Déclarer ce mois' });
  // said once, on the due date (not a second time in an alert below)
  await expect(
    declare.getByText('Les mois se déclarent dans l’ordre : déclarez d’abord le mois suivant le dernier mois déclaré.'),
  ).toHaveCount(1);

  // declare the next month, then the one after
  const next = (await (await page.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as { id: string | null; rentDueDate: string }[];
  for (const month of next.filter((d) => d.id === null).map((d) => d.rentDueDate)) {
    const [yy, mm] = month.split('-');
    if (!(await declare.isVisible())) await timeline.getByRole('button', { name: /Déclarer ce mois/ }).click();
    await declare.getByRole('group', { name: 'Date d’échéance' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`05${mm}${yy}`);
    await declare.getByRole('button', { name: 'Déclarer', exact: true }).click();
    await expect(declare).toHaveCount(0);
  }
  await expect(timeline.getByText('À déclarer')).toHaveCount(0);
  await expect(timeline.getByText('En attente de paiement', { exact: true })).toHaveCount(1);

  // a declared month's amount can be corrected (its month cannot)
  await timeline
    .getByRole('button', { name: /^Corriger le montant/ })
    .last()
    .click();
  const correct = page.getByRole('form', { name: /^Corriger le montant de / });
  await correct.getByLabel('Loyer').fill('750');
  await correct.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(correct).toHaveCount(0);
  await expect(timeline.getByRole('row').last()).toContainText('750,00');

  // a tenant payment on the first month spreads
  const payments = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await payments.getByLabel('Montant').fill('900');
  await payments.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(page.getByRole('list', { name: 'Paiements du locataire' })).toContainText('Réparti sur');
  await expect(page.getByRole('list', { name: 'Paiements du locataire' }).getByRole('listitem')).toHaveCount(1);

  // the guarantor pays a month, its receipt awaits signature, then is signed
  const before = await page.getByRole('list', { name: 'Chiffres du sinistre' }).textContent();
  await page.getByRole('button', { name: /^Payer .* \(garant\)$/ }).click();
  await expect(
    page.getByRole('list', { name: 'Quittances subrogatives' }).getByText('En attente de signature du propriétaire'),
  ).toHaveCount(1);
  // who signs and what the agency can do: remind the owner
  await expect(page.getByText(/envoie une quittance subrogative au propriétaire, qui la signe de son côté/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Relancer le propriétaire par e-mail' })).toHaveAttribute(
    'href',
    /^mailto:paul@exemple\.fr\?subject=/,
  );
  await expect(page.getByRole('list', { name: 'Chiffres du sinistre' })).not.toHaveText(before ?? '');
  // the sandbox signs in the owner's place; "d’" before a vowel ("d’octobre"), "de" otherwise
  await page.getByRole('button', { name: /^Signer la quittance (d’[aeiouy]|de [^aeiouy])\S+ \d{4} \(propriétaire\)$/ }).click();
  await expect(page.getByText('Aucune quittance en attente de signature.')).toBeVisible();
  await expect(timeline.getByText('Quittance signée')).toHaveCount(1);

  // deleting the payment asks first, then re-spreads
  await page.getByRole('button', { name: /Supprimer le paiement de/ }).click();
  await page
    .getByRole('dialog', { name: /^Supprimer le paiement de 900,00\s€ du \d\d\/\d\d\/\d{4} \?$/ })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(page.getByText('Aucun paiement enregistré.')).toBeVisible();
  // the question is gone (axe once read it mid-exit, its title already emptied with its payment)
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);

  // the back office moves the claim to any status; the header follows
  await page.getByRole('combobox', { name: 'Passer le sinistre au statut' }).click();
  await page.getByRole('option', { name: 'Procédure amiable' }).click();
  await page.getByRole('button', { name: 'Appliquer' }).click();
  // disabled again once the refreshed claim carries the chosen status
  await expect(page.getByRole('button', { name: 'Appliquer' })).toBeDisabled();
  await expect(page.getByText('Procédure amiable')).toHaveCount(2); // the header chip and the picker
  const after = (await (await page.request.get('/api/v1/claims?page=1&pageSize=100&status=132')).json()) as { items: { id: string }[] };
  expect(after.items.map((c) => c.id)).toContain(id);
});

test('a change made elsewhere updates the open claim without a reload, with a discreet notice', async ({ page, browser }) => {
  await signIn(page, 'staff');
  const id = await activeClaim(page);
  await page.goto(`/claims/${id}`);
  await expect(page.getByRole('heading', { name: 'Léa Sinistre' })).toBeVisible();
  let navigations = 0;
  page.on('framenavigated', () => navigations++);
  const other = await browser.newPage();
  await signIn(other, 'manager');
  expect((await apiAs(other, 'POST', `/api/sandbox/claims/${id}/status`, { status: 30 })).status()).toBe(200);
  // a burst of events (claim, then its months) shows one notice, the latest
  await expect(page.getByText(/^Mis à jour : (Statut du sinistre modifié|Mois de loyer mis à jour)$/)).toBeVisible({ timeout: LIVE_MS });
  await expect(page.getByText('Validé', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Mois de loyer' }).getByText('En attente de paiement', { exact: true })).toBeVisible();
  expect(navigations).toBe(0);
  await other.close();
});

test('her own declaration and payment say nothing more; a colleague’s correction a moment later shows the notice', async ({
  page,
  browser,
}) => {
  await signIn(page, 'staff');
  const id = await activeClaim(page, 2, 'Echo');
  await page.goto(`/claims/${id}`);
  const timeline = page.getByRole('table', { name: 'Mois de loyer' });
  await expect(timeline.getByRole('button', { name: /Déclarer ce mois/ })).toBeVisible();
  // what the page hears of this claim (the layout's stream tells the window), and what the partner sent about it
  await page.evaluate((claimId) => {
    const w = window as unknown as { heard: number };
    w.heard = 0;
    window.addEventListener('partner-event', (e) => {
      if ((e as CustomEvent<{ data: { claimId?: string } }>).detail.data.claimId === claimId) w.heard += 1;
    });
  }, id);
  const heard = () => page.evaluate(() => (window as unknown as { heard: number }).heard);
  const manager = await browser.newPage();
  await signIn(manager, 'manager');
  const sent = async () =>
    ((await (await manager.request.get('/api/events/recent')).json()) as { data: { claimId?: string } }[]).filter(
      (e) => e.data.claimId === id,
    ).length;
  const before = await sent();
  /** Until every event the partner sent about the claim since the page opened has reached the page. */
  const settled = async () => {
    await expect.poll(async () => (await sent()) - before, { timeout: LIVE_MS }).toBeGreaterThan(0);
    await expect.poll(async () => (await heard()) === (await sent()) - before, { timeout: LIVE_MS }).toBe(true);
  };
  const notice = page.getByText(/^Mis à jour : /);

  await timeline.getByRole('button', { name: /Déclarer ce mois/ }).click();
  await page.getByRole('form', { name: 'Déclarer ce mois' }).getByRole('button', { name: 'Déclarer', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Déclarer ce mois' })).toHaveCount(0);
  await settled();
  await expect(notice).toHaveCount(0);

  const afterDeclaring = await heard();
  const form = page.getByRole('form', { name: 'Enregistrer un paiement' });
  await form.getByLabel('Montant').fill('120');
  await form.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(page.getByRole('list', { name: 'Paiements du locataire' }).getByRole('listitem')).toHaveCount(1);
  await expect.poll(heard, { timeout: LIVE_MS }).toBeGreaterThan(afterDeclaring);
  await settled();
  await expect(notice).toHaveCount(0);

  // a colleague corrects the month she declared
  const months = (await (await manager.request.get(`/api/v1/claims/${id}/rentaldebts`)).json()) as {
    id: string | null;
    rentDueDate: string;
    rentAmount: number | null;
  }[];
  const declared = months.find((m) => m.id !== null);
  expect(declared).toBeDefined();
  const corrected = await apiAs(manager, 'PUT', `/api/v1/claims/${id}/rentaldebts/${declared?.id ?? ''}`, {
    rentDueDate: declared?.rentDueDate,
    rentAmount: (declared?.rentAmount ?? 0) + 10,
  });
  expect(corrected.status()).toBe(200);
  await expect(page.getByText('Mis à jour : Mois de loyer mis à jour')).toBeVisible({ timeout: LIVE_MS });
  await manager.close();
});
