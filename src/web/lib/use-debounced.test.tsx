import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_PAUSE_MS, useDebouncedValue, useUrlSearch } from './use-debounced.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const pass = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('useDebouncedValue: what was typed, once typing pauses', () => {
  it('gives the last value only once it has stayed the same for the pause', async () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: '' } });
    for (const value of ['Ł', 'Łu', 'Łukasz']) {
      rerender({ value });
      await pass(TYPING_PAUSE_MS - 1);
    }
    expect(result.current).toBe('');
    await pass(1);
    expect(result.current).toBe('Łukasz');
  });

  it('takes another pause when asked', async () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 200), { initialProps: { value: 1 } });
    rerender({ value: 2 });
    await pass(199);
    expect(result.current).toBe(1);
    await pass(1);
    expect(result.current).toBe(2);
  });
});

/** A tenant search whose search the URL holds, as the lists have it. */
function TenantSearch() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useUrlSearch(params.get('search') ?? '', (s) => setParams(s ? { search: s } : {}));
  return <input type="search" aria-label="Locataire" value={text} onChange={(e) => setText(e.target.value)} />;
}

function openAt(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <TenantSearch /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const field = screen.getByRole('searchbox', { name: 'Locataire' });
  return { router, field, search: () => new URLSearchParams(router.state.location.search).get('search') };
}

describe('useUrlSearch: a search field backed by the URL', () => {
  it('shows the URL’s search and puts what is typed in the URL once typing pauses', async () => {
    const { field, search } = openAt('/?search=L%C3%A9a');
    expect(field).toHaveValue('Léa');
    fireEvent.change(field, { target: { value: 'Łukasz Nguyễn 王小明' } });
    await pass(TYPING_PAUSE_MS - 1);
    expect(search()).toBe('Léa');
    await pass(1);
    expect(search()).toBe('Łukasz Nguyễn 王小明');
    expect(field).toHaveValue('Łukasz Nguyễn 王小明');
  });

  it('follows the URL when it changes (back button), without sending the earlier text again', async () => {
    const { router, field, search } = openAt('/?search=L%C3%A9a');
    fireEvent.change(field, { target: { value: 'Marc' } });
    await pass(TYPING_PAUSE_MS);
    expect(search()).toBe('Marc');
    await act(async () => router.navigate(-1));
    expect(field).toHaveValue('Léa');
    await pass(TYPING_PAUSE_MS * 2);
    expect(search()).toBe('Léa');
    expect(field).toHaveValue('Léa');
  });

  it('sends nothing when the field is back to the URL’s search by the pause', async () => {
    const { router, field, search } = openAt('/?search=L%C3%A9a');
    fireEvent.change(field, { target: { value: 'Léon' } });
    fireEvent.change(field, { target: { value: 'Léa' } });
    await pass(TYPING_PAUSE_MS * 2);
    expect(search()).toBe('Léa');
    // nothing was added to the history: going back leaves the list
    expect(router.state.historyAction).toBe('POP');
  });
});
