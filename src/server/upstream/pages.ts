import { HttpError } from '../http-error.js';

/** The partner's page size for every list the server walks: its largest. */
export const PAGE_SIZE = 100;

/**
 * The most pages one walk reads: a million rows at PAGE_SIZE, five times the largest organization
 * measured (200,000 projects: 2,000 pages). A list still going on past it has totals that cannot be
 * trusted, and a walk that stopped there quietly would act on part of the list as if it were whole.
 */
export const MAX_PAGES = 10_000;

/** What the walker needs of a page of the partner's lists (spec § 2: items, page size, total). */
export interface ListPage<T> {
  items: T[];
  pageSize: number;
  total: number;
}

/** One page as the walker gives it: its number, the partner's answer, and whether it is the last. */
export interface Walked<L> {
  page: number;
  list: L;
  last: boolean;
}

/**
 * The last page: the total is reached, or the page is empty (a total that grew while the list was
 * read, or a partner whose total runs ahead of its rows, would otherwise be asked for ever).
 */
export const isLastPage = (page: number, list: ListPage<unknown>): boolean => list.items.length === 0 || page * list.pageSize >= list.total;

/**
 * Every page of a list, read one after the other as the caller asks for the next (so a caller may
 * stop at what it looks for, or do its work between two pages), from page `from` (a walk resumed
 * at its cursor). Past MAX_PAGES it throws UPSTREAM_INVALID rather than end as if the list were whole.
 */
export async function* walkPages<L extends ListPage<unknown>>(read: (page: number) => Promise<L>, from = 1): AsyncGenerator<Walked<L>> {
  for (let page = from; ; page++) {
    if (page > MAX_PAGES)
      throw new HttpError(
        'UPSTREAM_INVALID',
        `The partner's list still had pages after ${MAX_PAGES}: its total cannot be trusted.`,
        undefined,
        {
          problem: 'list beyond the page cap',
          pages: MAX_PAGES,
        },
      );
    const list = await read(page);
    const last = isLastPage(page, list);
    yield { page, list, last };
    if (last) return;
  }
}

/** The first item of a list that `match` accepts, walking its pages until it is found; null when the list ends without it. */
export async function findInPages<T>(read: (page: number) => Promise<ListPage<T>>, match: (item: T) => boolean): Promise<T | null> {
  for await (const { list } of walkPages(read)) {
    const found = list.items.find(match);
    if (found !== undefined) return found;
  }
  return null;
}
