import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, readPage } from './common.js';

/** One rule for a list's page and its route's loader (both import it from here). */
describe("a list's page and page size, read from its URL", () => {
  const read = (query: string) => readPage(new URLSearchParams(query));

  it('reads the page and a size the list offers', () => {
    expect(read('page=3&pageSize=50')).toEqual({ page: 3, pageSize: 50 });
    for (const size of PAGE_SIZES) expect(read(`pageSize=${size}`)).toEqual({ page: 1, pageSize: size });
  });

  it('falls back to the first page and 20 a page for anything the server would refuse', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 20 });
    for (const page of ['0', '-2', '2.5', '1e400', 'deux', '']) expect(read(`page=${page}`).page).toBe(1);
    for (const size of ['0', '33', '1000', '1e300', '-20', 'vingt']) expect(read(`pageSize=${size}`).pageSize).toBe(20);
  });
});
