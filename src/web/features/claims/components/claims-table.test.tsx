import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { claimFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { ClaimsTable } from './claims-table.js';

test('a page of 20 claims shows every row, in order', async () => {
  const claims = Array.from({ length: 20 }, (_, i) =>
    claimFixture({
      id: `6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c${String(i).padStart(2, '0')}`,
      tenant: { ...claimFixture().tenant, lastName: `Locataire ${i + 1}` },
    }),
  );
  await renderApp(
    <ClaimsTable list={{ rows: claims, total: 20, page: 1, pageSize: 20, pending: false, fetching: false, onPage: () => undefined }} />,
  );
  const links = () => within(screen.getByRole('table', { name: 'Sinistres' })).queryAllByRole('link');
  await waitFor(() => expect(links()).toHaveLength(20));
  expect(links().map((l) => l.textContent)).toEqual(claims.map((c) => `${c.tenant.firstName} ${c.tenant.lastName}`));
});

const list = (claims: ReturnType<typeof claimFixture>[]) => ({
  rows: claims,
  total: claims.length,
  page: 1,
  pageSize: 20,
  pending: false,
  fetching: false,
  onPage: () => undefined,
});

test('who a claim waits on follows its reader: the agency reads "agence", an intermediary reads "de votre part"', async () => {
  const claims = [claimFixture({ status: 10 })];
  const agency = await renderApp(<ClaimsTable list={list(claims)} />);
  expect(await screen.findByText('Documents (agence)')).toBeInTheDocument();
  agency.unmount();
  await renderApp(<ClaimsTable intermediary list={list(claims)} />);
  expect(await screen.findByText('Documents (de votre part)')).toBeInTheDocument();
  expect(screen.queryByText(/agence/)).toBeNull();
});

test('in English the guarantee service’s case handler is not "Manager", the dashboard’s role', async () => {
  await renderApp(<ClaimsTable list={list([claimFixture({ status: 20 })])} />, { lang: 'en' });
  expect(await screen.findByText('Validation (case handler)')).toBeInTheDocument();
  expect(screen.queryByText(/manager/i)).toBeNull();
});
