import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './use-url-params.js';

/** The hook on a page opened at `url`, with the URL it leads to. */
function at(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const location = useLocation();
      return { ...useUrlParams(), url: location.pathname + location.search };
    },
    { wrapper },
  );
}

describe('useUrlParams: list state kept in the URL', () => {
  it('reads the page and the page size, with safe defaults for anything else', () => {
    expect(at('/claims?page=3&pageSize=50').result.current).toMatchObject({ page: 3, pageSize: 50 });
    const refused = [
      '/claims',
      '?page=0&pageSize=7',
      '?page=-2&pageSize=1e300',
      '?page=abc&pageSize=',
      '?page=1e400',
      '?page=2.5',
      '?page=1e300',
    ];
    // each would be refused by the server (page: a whole number from 1): the first page instead
    for (const url of refused) expect(at(`/claims${url}`).result.current, url).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('sets, repeats and removes keys, keeping the others', () => {
    const { result } = at('/claims?projectId=p1&page=4');
    act(() => result.current.update({ status: ['10', '20'], page: null }));
    expect(result.current.url).toBe('/claims?projectId=p1&status=10&status=20');
    expect(result.current.params.getAll('status')).toEqual(['10', '20']);
    act(() => result.current.update({ status: ['30'], search: 'Łukasz Nguyễn' }));
    expect(result.current.params.getAll('status')).toEqual(['30']);
    expect(result.current.params.get('search')).toBe('Łukasz Nguyễn');
    act(() => result.current.update({ status: [], search: '', projectId: null }));
    expect(result.current.url).toBe('/claims');
  });
});
