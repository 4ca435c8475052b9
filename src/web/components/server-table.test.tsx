import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { renderApp } from '../test/render.js';
import { ServerTable, type ServerPage } from './server-table.js';

const rows = Array.from({ length: 30 }, (_, i) => ({ id: `p${i}`, name: `Projet ${i + 1}` }));
const list: ServerPage<(typeof rows)[number]> = {
  rows,
  total: 57,
  page: 1,
  pageSize: 50,
  pending: false,
  fetching: false,
  onPage: () => undefined,
};
const columns = [{ id: 'name', header: 'Nom', cell: (row: (typeof rows)[number]) => row.name }];

const table = () => screen.getByRole('table', { name: 'Projets' });

test('a page of rows shows every row in order, and the pagination with the total', async () => {
  await renderApp(<ServerTable label="Projets" columns={columns} list={list} rowKey={(row) => row.id} rowHeight={100} empty={null} />);
  expect(
    within(table())
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(rows.map((r) => r.name));
  expect(screen.getByText('Lignes par page :')).toBeInTheDocument();
  expect(screen.getByText(/1–50 sur 57/)).toBeInTheDocument();
});

test('while the answer is on its way, rows of their final height stand in; none is announced', async () => {
  await renderApp(
    <ServerTable
      label="Projets"
      columns={columns}
      list={{ ...list, rows: [], pending: true }}
      rowKey={(row) => row.id}
      rowHeight={100}
      empty={<span>Aucun projet</span>}
    />,
  );
  expect(within(table()).queryAllByRole('cell')).toHaveLength(0);
  expect(screen.queryByText('Aucun projet')).toBeNull();
});

test('an empty page says so', async () => {
  await renderApp(
    <ServerTable
      label="Projets"
      columns={columns}
      list={{ ...list, rows: [], total: 0 }}
      rowKey={(row) => row.id}
      rowHeight={100}
      empty={<span>Aucun projet</span>}
    />,
  );
  expect(screen.getByText('Aucun projet')).toBeInTheDocument();
});

test('the next page is asked for from the pagination', async () => {
  const asked: [number, number][] = [];
  await renderApp(
    <ServerTable
      label="Projets"
      columns={columns}
      list={{ ...list, onPage: (page, size) => asked.push([page, size]) }}
      rowKey={(row) => row.id}
      rowHeight={100}
      empty={null}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: /page suivante/i }));
  expect(asked).toEqual([[2, 50]]);
});

test("a cell is drawn again when its column's way of showing it changes, though the row has not", async () => {
  function Reminders() {
    // what a cell shows may depend on more than its row: here, whether the reader asked for the overdue ones
    const [overdueOnly, setOverdueOnly] = useState(false);
    const cols = [
      { id: 'name', header: 'Nom', cell: (row: (typeof rows)[number]) => (overdueOnly ? `${row.name} (à relancer)` : row.name) },
    ];
    return (
      <>
        <button type="button" onClick={() => setOverdueOnly(true)}>
          À relancer
        </button>
        <ServerTable label="Projets" columns={cols} list={list} rowKey={(row) => row.id} rowHeight={100} empty={null} />
      </>
    );
  }
  await renderApp(<Reminders />);
  expect(within(table()).getAllByRole('cell')[0]).toHaveTextContent(/^Projet 1$/);
  await userEvent.click(screen.getByRole('button', { name: 'À relancer' }));
  expect(within(table()).getAllByRole('cell')[0]).toHaveTextContent('Projet 1 (à relancer)');
});
