import type { Page } from '@playwright/test';
import type { ClaimRows } from '../src/contract/lists.js';
import type { Inbox } from '../src/contract/inbox.js';
import { expect, sandboxOrigin, signInByApi, test, LIVE_MS } from './support.js';

/** An open claim of the seeded sandbox, once the read model has it (the server's initial sync runs at start). */
async function openClaim(page: Page): Promise<ClaimRows['items'][number]> {
  let found: ClaimRows['items'][number] | undefined;
  await expect
    .poll(async () => {
      const r = (await (await page.request.get('/api/lists/claims?status=10&pageSize=1')).json()) as ClaimRows;
      found = r.items[0];
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error('no open claim');
  return found;
}

test('from a tenant’s name to their claim: the claims list’s search, and a project row’s open claim', async ({ page }) => {
  test.setTimeout(60_000); // an open claim found through the read model, then both lists searched
  await signInByApi(page, 'staff');
  const claim = await openClaim(page);
  const name = `${claim.tenant.firstName} ${claim.tenant.lastName}`;

  await page.goto('/claims');
  await page.getByLabel('Locataire (nom, prénom)').fill(claim.tenant.lastName.toUpperCase());
  await expect(page).toHaveURL(/search=/);
  const grid = page.getByRole('table', { name: 'Sinistres' });
  await grid.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/claims/${claim.id}`));

  await page.goto(`/projects?search=${encodeURIComponent(claim.tenant.lastName)}`);
  const row = page.getByRole('table', { name: 'Projets de garantie' }).getByRole('row').filter({ hasText: name }).first();
  await row.getByRole('link', { name: 'Sinistre en cours →' }).click();
  await expect(page).toHaveURL(/\/claims\/[0-9a-f-]{36}/);
  await expect(page.getByText(/Données au/)).toHaveCount(0); // a claim's own page reads the partner live
});

test('a change announced by a webhook shows in the open work queue without a reload', async ({ page }) => {
  await signInByApi(page, 'staff');
  const claim = await openClaim(page);
  await page.goto(`/?tenant=${encodeURIComponent(claim.tenant.lastName)}`);
  const inbox = (await (await page.request.get(`/api/inbox?tenant=${encodeURIComponent(claim.tenant.lastName)}`)).json()) as Inbox;
  expect(inbox.lines.some((l) => l.area === 'claim' && l.claimId === claim.id)).toBe(true);
  const line = page.locator(`a[href^="/claims/${claim.id}"]`).first();
  await expect(line).toBeVisible();
  await expect(page.getByText(/^Données au /).first()).toBeVisible();

  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  // closed at the partner, not through the dashboard: only its webhook tells the server
  const closed = await page.request.post(`${sandboxOrigin()}/sandbox/claims/${claim.id}/status`, {
    headers: { authorization: 'Bearer sk_sandbox_demo_agency' },
    data: { status: 140 },
  });
  expect(closed.status()).toBe(200);
  await expect(line).toHaveCount(0, { timeout: LIVE_MS });
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true); // no reload
});
