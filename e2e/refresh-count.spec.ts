import { type Page } from '@playwright/test';
import { expect, test, PDF, activeClaim, signIn } from './support.js';

/**
 * One write, one refresh: after a change made in the claim workspace, each of the page's reads is
 * asked again once, not a second time when the live echo of the change (webhook → SSE) arrives, nor
 * a third for the inbox.
 */

/**
 * The reads (GET /api/...) the page sends while `write` runs and until its live echo, when the
 * change has one (a document added to a claim has no webhook), has arrived and settled.
 */
async function readsAfter(page: Page, claimId: string, write: () => Promise<void>, echo = true): Promise<string[]> {
  const reads: string[] = [];
  let pending = 0;
  const isRead = (r: { method(): string; url(): string }) => {
    const path = new URL(r.url()).pathname;
    return r.method() === 'GET' && path.startsWith('/api/') && path !== '/api/events';
  };
  const sent = (r: { method(): string; url(): string }) => {
    if (!isRead(r)) return;
    const url = new URL(r.url());
    reads.push(url.pathname + url.search);
    pending += 1;
  };
  const settled = (r: { method(): string; url(): string }) => {
    if (isRead(r)) pending -= 1;
  };
  const echoes = () => page.evaluate(() => (window as unknown as { echoes: string[] }).echoes.length);
  const before = await echoes();
  page.on('request', sent);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await write();
  // the echo of the change (the sandbox delivers webhooks every 250 ms): the page refetches what it
  // invalidates before it tells the window, so once the echo is heard and the next frames are drawn,
  // every read it causes has been sent; then until they have all answered
  if (echo) await expect.poll(echoes).toBeGreaterThan(before);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect.poll(() => pending).toBe(0);
  page.off('request', sent);
  page.off('requestfinished', settled);
  page.off('requestfailed', settled);
  expect(
    await page.evaluate((id) => (window as unknown as { echoes: string[] }).echoes.every((c) => c === id), claimId),
    'only events of this claim',
  ).toBe(true);
  return reads;
}

const repeated = (reads: string[]) => [...new Set(reads.filter((r, i) => reads.indexOf(r) !== i))];

test('declaring a month, recording a payment and adding a document each refresh the workspace once', async ({ page }) => {
  await signIn(page, 'staff');
  const id = await activeClaim(page, 2, 'Compteur');
  await page.goto(`/claims/${id}`);
  const timeline = page.getByRole('table', { name: 'Mois de loyer' });
  await expect(timeline.getByRole('button', { name: /Déclarer ce mois/ })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { echoes: string[] };
    w.echoes = [];
    window.addEventListener('partner-event', (e) =>
      w.echoes.push(String((e as CustomEvent<{ data: { claimId?: string } }>).detail.data.claimId)),
    );
  });
  await page.waitForLoadState('networkidle');

  const declare = await readsAfter(page, id, async () => {
    await timeline.getByRole('button', { name: /Déclarer ce mois/ }).click();
    await page.getByRole('form', { name: 'Déclarer ce mois' }).getByRole('button', { name: 'Déclarer', exact: true }).click();
    await expect(page.getByRole('form', { name: 'Déclarer ce mois' })).toHaveCount(0);
  });
  const payment = await readsAfter(page, id, async () => {
    const form = page.getByRole('form', { name: 'Enregistrer un paiement' });
    await form.getByLabel('Montant').fill('120');
    await form.getByRole('button', { name: 'Enregistrer un paiement' }).click();
    await expect(page.getByRole('list', { name: 'Paiements du locataire' }).getByRole('listitem')).toHaveCount(1);
  });
  const upload = await readsAfter(
    page,
    id,
    async () => {
      await page.getByLabel('Envoyer', { exact: true }).setInputFiles(PDF);
      await expect(page.getByRole('list', { name: 'Fichiers envoyés' }).getByRole('listitem')).toHaveCount(1);
    },
    false,
  );
  test.info().annotations.push({
    type: 'reads per write',
    description: `declare ${declare.length}, payment ${payment.length}, upload ${upload.length}`,
  });
  console.log(`reads per write: declare ${declare.length}, payment ${payment.length}, upload ${upload.length}`);
  for (const reads of [declare, payment, upload]) {
    expect(repeated(reads), reads.join('\n')).toEqual([]);
    // every read of the workspace was refreshed (the write did refresh what it changed)
    expect(reads.some((r) => r.startsWith(`/api/v1/claims/${id}/rentaldebts`))).toBe(true);
    expect(reads.some((r) => r.startsWith('/api/inbox'))).toBe(true);
  }
});
