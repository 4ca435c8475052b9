import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderApp } from '../test/render.js';
import { ServerTable, type ServerPage } from './server-table.js';

const ROW_HEIGHT = 100;
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

// a phone's screen (jsdom's has no height)
beforeEach(() => Object.defineProperty(window.screen, 'height', { value: 844, configurable: true }));
afterEach(() => {
  Reflect.deleteProperty(window.screen, 'height');
  vi.restoreAllMocks();
});

const drawn = () => within(screen.getByRole('table', { name: 'Projets' })).queryAllByRole('cell').length;

/**
 * The long page drawn in steps, the browser's frames held: painted when the test says (on a busy
 * machine jsdom's own come late). Returns the frames waiting.
 */
async function drawLongPageInSteps(): Promise<FrameRequestCallback[]> {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  await renderApp(
    <ServerTable
      label="Projets"
      columns={[{ id: 'name', header: 'Nom', cell: (row) => row.name }]}
      list={list}
      rowKey={(row) => row.id}
      rowHeight={ROW_HEIGHT}
      empty={null}
      inSteps
    />,
  );
  return frames;
}

test('a long page draws the rows of the first screen first, then a screen more per painted frame, in their place', async () => {
  const frames = await drawLongPageInSteps();
  const firstScreen = Math.ceil(844 / ROW_HEIGHT);
  expect(firstScreen).toBeLessThan(rows.length);
  // the first commit: a screen of rows, and the room the others will take
  expect(drawn()).toBe(firstScreen);
  const room = document.querySelector('tbody tr[aria-hidden="true"]');
  expect(room).toHaveStyle({ height: `${(rows.length - firstScreen) * ROW_HEIGHT}px` });
  // nothing more until that frame is painted
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(drawn()).toBe(firstScreen);
  expect(frames).toHaveLength(1);
  frames.shift()?.(performance.now());
  // then a screen more once that frame is painted, and so on
  await waitFor(() => expect(drawn()).toBe(2 * firstScreen), { timeout: 10_000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(drawn()).toBe(2 * firstScreen);
  // then all of them, in order, and the room is gone
  await waitFor(
    () => {
      frames.splice(0).forEach((frame) => frame(performance.now()));
      expect(drawn()).toBe(rows.length);
    },
    { timeout: 10_000 },
  );
  expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(rows.map((r) => r.name));
  expect(document.querySelector('tbody tr[aria-hidden="true"]')).toBeNull();
});

test('a page that fits a screen is drawn at once', async () => {
  await renderApp(
    <ServerTable
      label="Projets"
      columns={[{ id: 'name', header: 'Nom', cell: (row) => row.name }]}
      list={{ ...list, rows: rows.slice(0, 3) }}
      rowKey={(row) => row.id}
      rowHeight={ROW_HEIGHT}
      empty={null}
      inSteps
    />,
  );
  expect(drawn()).toBe(3);
});

test('a re-render of the page with the same rows does not draw them again (the columns unchanged)', async () => {
  const cell = vi.fn((row: (typeof rows)[number]) => row.name);
  const few = { ...list, rows: rows.slice(0, 3) };
  function Page() {
    const [renders, setRenders] = useState(0);
    return (
      <>
        <button onClick={() => setRenders(renders + 1)}>{`again ${renders}`}</button>
        {/* a new columns array at each render, as the lists' tables make */}
        <ServerTable
          label="Projets"
          columns={[{ id: 'name', header: 'Nom', cell }]}
          list={few}
          rowKey={(row) => row.id}
          rowHeight={ROW_HEIGHT}
          empty={null}
        />
      </>
    );
  }
  await renderApp(<Page />);
  expect(drawn()).toBe(3);
  const calls = cell.mock.calls.length;
  // the page draws again (a read settles, a field changes): the same rows
  await userEvent.click(screen.getByRole('button', { name: 'again 0' }));
  await screen.findByRole('button', { name: 'again 1' });
  expect(drawn()).toBe(3);
  expect(cell.mock.calls.length).toBe(calls);
});

test('the pagination comes with the rest of the rows, its place kept until then', async () => {
  const frames = await drawLongPageInSteps();
  expect(drawn()).toBeLessThan(rows.length);
  expect(screen.queryByText('Lignes par page :')).toBeNull();
  await waitFor(
    () => {
      frames.splice(0).forEach((frame) => frame(performance.now()));
      expect(drawn()).toBe(rows.length);
    },
    { timeout: 10_000 },
  );
  expect(screen.getByText('Lignes par page :')).toBeInTheDocument();
});
