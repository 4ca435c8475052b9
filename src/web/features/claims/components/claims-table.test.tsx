import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { ClaimRow } from '../../../../contract/lists.js';
import { claimFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { ClaimsTable } from './claims-table.js';

test('a page of 20 claims shows every row, in order', async () => {
  const claims = Array.from({ length: 20 }, (_, i) =>
    row(
      claimFixture({
        id: `6f1c8a52-3d0e-4b7a-9c1e-2a5d7b9e0c${String(i).padStart(2, '0')}`,
        tenant: { ...claimFixture().tenant, lastName: `Locataire ${i + 1}` },
      }),
    ),
  );
  await renderApp(<ClaimsTable {...sorted} list={list(claims)} />);
  const links = () => within(screen.getByRole('table', { name: 'Sinistres' })).queryAllByRole('link');
  await waitFor(() => expect(links()).toHaveLength(20));
  expect(links().map((l) => l.textContent)).toEqual(claims.map((c) => `${c.tenant.firstName} ${c.tenant.lastName}`));
});

const row = (c: ReturnType<typeof claimFixture>, assignee: ClaimRow['assignee'] = null): ClaimRow => ({ ...c, assignee });
const sorted = { sort: '-opened' as const, onSort: () => undefined, emptyBecause: 'filters' as const };

const list = (claims: (ReturnType<typeof claimFixture> | ClaimRow)[]) => ({
  rows: claims.map((c) => ('assignee' in c ? c : row(c))),
  total: claims.length,
  page: 1,
  pageSize: 20,
  pending: false,
  fetching: false,
  onPage: () => undefined,
});

test('who a claim waits on follows its reader: the agency reads "agence", an intermediary reads "de votre part"', async () => {
  const claims = [claimFixture({ status: 10 })];
  const agency = await renderApp(<ClaimsTable {...sorted} list={list(claims)} />);
  expect(await screen.findByText('Documents (agence)')).toBeInTheDocument();
  agency.unmount();
  await renderApp(<ClaimsTable {...sorted} intermediary list={list(claims)} />);
  expect(await screen.findByText('Documents (de votre part)')).toBeInTheDocument();
  expect(screen.queryByText(/agence/)).toBeNull();
});

test('in English the guarantee service’s case handler is not "Manager", the dashboard’s role', async () => {
  await renderApp(<ClaimsTable {...sorted} list={list([claimFixture({ status: 20 })])} />, { lang: 'en' });
  expect(await screen.findByText('Validation (case handler)')).toBeInTheDocument();
  expect(screen.queryByText(/manager/i)).toBeNull();
});

test('says who looks after a claim, and asks the server for the order a column header names', async () => {
  const onSort = vi.fn();
  await renderApp(
    <ClaimsTable
      sort="-opened"
      onSort={onSort}
      emptyBecause="none"
      list={list([row(claimFixture(), { id: 'u1', name: 'Samuel Staff' })])}
    />,
  );
  expect(await screen.findByText('Suivi par Samuel Staff')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Locataire et logement' }));
  expect(onSort).toHaveBeenLastCalledWith('tenant');
  await userEvent.click(screen.getByRole('button', { name: 'Reste dû' }));
  expect(onSort).toHaveBeenLastCalledWith('outstanding');
  await userEvent.click(screen.getByRole('button', { name: 'Ouvert le' }));
  expect(onSort).toHaveBeenLastCalledWith('opened');
});

test.each([
  ['filters', 'Aucun sinistre ne correspond à ces critères.'],
  ['mine', 'Vous n’avez encore ouvert ni suivi aucun sinistre : « Tous ceux de l’agence » les montre tous.'],
  ['none', 'Aucun sinistre pour l’instant.'],
] as const)('an empty list says why (%s), not "no claim matches these filters" when none is chosen', async (why, said) => {
  await renderApp(<ClaimsTable {...sorted} emptyBecause={why} list={list([])} />);
  expect(await screen.findByText(said)).toBeInTheDocument();
});
