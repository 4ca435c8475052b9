import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { CLAIM_ID, projectFixture } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/render.js';
import { ProjectsTable } from './projects-table.js';

const page = (rows: Parameters<typeof ProjectsTable>[0]['list']['rows']) => ({
  rows,
  total: rows.length,
  page: 1,
  pageSize: 20,
  pending: false,
  fetching: false,
  onPage: () => undefined,
});

test('a row whose tenant has an open claim links to it, and says who looks after the project', async () => {
  const withClaim = { ...projectFixture({ status: 7 }), openClaimId: CLAIM_ID, assignee: { id: 'u1', name: 'Samuel Staff' } };
  const without = { ...projectFixture({ id: '2b7e1f40-8c3a-4d5e-9f6a-1b2c3d4e5f61' }), openClaimId: null, assignee: null };
  await renderApp(
    <ProjectsTable list={page([withClaim, without])} sort="-createDate" filtered={false} canCreate onSort={() => undefined} />,
  );
  const links = await screen.findAllByRole('link', { name: 'Sinistre en cours →' });
  expect(links).toHaveLength(1);
  expect(links[0]).toHaveAttribute('href', `/claims/${CLAIM_ID}`);
  expect(screen.getByText('Suivi par Samuel Staff')).toBeInTheDocument();
});
