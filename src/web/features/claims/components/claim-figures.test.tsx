import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ClaimStatsSchema } from '../../../../contract/stats.js';
import { CLAIM_ID } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { server } from '../../../test/server.js';
import { ClaimFigures } from './claim-figures.js';

// 120,50 € received when a month was declared, 1 100,00 € paid afterwards
const stats = ClaimStatsSchema.parse({
  claimId: CLAIM_ID,
  generatedAt: '2026-12-07T15:13:43.000Z',
  monthsTotal: 3,
  monthsDeclared: 2,
  monthsToDeclare: 1,
  monthsPaid: 0,
  receiptsPendingSignature: 0,
  receiptsSigned: 0,
  paymentsCount: 2,
  totalRent: 1600,
  totalReceivedAtDeclaration: 120.5,
  totalTenantPayments: 1100,
  totalPaidByGuarantor: 0,
  totalOutstanding: 379.5,
  byMonth: [],
});
const plain = (t: string | null) => (t ?? '').replace(/[\u00a0\u202f\n]/g, ' ');

describe('the claim’s figures', () => {
  it.each([
    ['fr', 'Payé par le locataire', '1 220,50 €', 'Reçu à la déclaration : 120,50 €Paiements après déclaration : 1 100,00 €'],
    ['en', 'Paid by the tenant', '€1,220.50', 'Received at declaration: €120.50Payments after declaration: €1,100.00'],
  ] as const)(
    '(%s) give all the tenant paid the debt statement’s name, with the two amounts it is made of',
    async (lang, name, value, note) => {
      server.use(http.get(`/api/v1/claims/${CLAIM_ID}/stats`, () => HttpResponse.json(stats)));
      await renderApp(<ClaimFigures claimId={CLAIM_ID} />, { lang });
      const card = (await screen.findByText(name)).closest('[role="listitem"]');
      expect(card).not.toBeNull();
      await within(card as HTMLElement).findByText((_c, el) => el?.tagName === 'P' && plain(el.textContent) === value);
      expect(plain(card?.textContent ?? null)).toBe(`${name}${value}${note}`);
    },
  );
});

describe('the claim’s figures add up to the rents declared', () => {
  it('a month paid twice: what came in beyond its rent has a card of its own, so rent = tenant + guarantor + outstanding − overpaid', async () => {
    // 3 250 € of rents; 1 500,50 € from the tenant, 1 950 € from the guarantor, 350 € still owed: 550,50 € beyond the rents
    const overpaid = {
      ...stats,
      totalRent: 3250,
      totalReceivedAtDeclaration: 0,
      totalTenantPayments: 1500.5,
      totalPaidByGuarantor: 1950,
      totalOutstanding: 350,
    };
    server.use(http.get(`/api/v1/claims/${CLAIM_ID}/stats`, () => HttpResponse.json(overpaid)));
    await renderApp(<ClaimFigures claimId={CLAIM_ID} />);
    const card = (await screen.findByText('Trop-perçu (payé au-delà du loyer)')).closest('[role="listitem"]');
    await within(card as HTMLElement).findByText((_c, el) => el?.tagName === 'P' && plain(el.textContent) === '550,50 €');
  });

  it('nothing paid beyond the rents: 0', async () => {
    server.use(http.get(`/api/v1/claims/${CLAIM_ID}/stats`, () => HttpResponse.json(stats)));
    await renderApp(<ClaimFigures claimId={CLAIM_ID} />, { lang: 'en' });
    const card = (await screen.findByText('Overpaid (paid beyond the rent)')).closest('[role="listitem"]');
    await within(card as HTMLElement).findByText((_c, el) => el?.tagName === 'P' && plain(el.textContent) === '€0.00');
  });
});
