import { describe, expect, it } from 'vitest';
import { pagesReducer, splitSealed, type Page } from './page-list.js';

const page = (id: string, extra: Partial<Page> = {}): Page => ({
  id,
  file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }),
  kind: 'image',
  rotation: 0,
  ...extra,
});
const ids = (pages: readonly Page[]) => pages.map((p) => p.id);

describe('the pages of a document', () => {
  const three = pagesReducer([], { type: 'add', pages: [page('a'), page('b'), page('c')] });

  it('keeps pages in the order they were added, later ones after', () => {
    expect(ids(pagesReducer(three, { type: 'add', pages: [page('d')] }))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a page up or down by one, and not past either end', () => {
    expect(ids(pagesReducer(three, { type: 'move', id: 'c', by: -1 }))).toEqual(['a', 'c', 'b']);
    expect(ids(pagesReducer(three, { type: 'move', id: 'a', by: 1 }))).toEqual(['b', 'a', 'c']);
    expect(ids(pagesReducer(three, { type: 'move', id: 'a', by: -1 }))).toEqual(['a', 'b', 'c']);
    expect(ids(pagesReducer(three, { type: 'move', id: 'c', by: 1 }))).toEqual(['a', 'b', 'c']);
  });

  it('turns a page a quarter clockwise each time, back upright after four', () => {
    let pages = three;
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      pages = pagesReducer(pages, { type: 'rotate', id: 'b' });
      turns.push(pages[1]?.rotation ?? -1);
    }
    expect(turns).toEqual([90, 180, 270, 0]);
    expect(pages[0]?.rotation).toBe(0);
  });

  it('removes one page, or all', () => {
    expect(ids(pagesReducer(three, { type: 'remove', id: 'b' }))).toEqual(['a', 'c']);
    expect(pagesReducer(three, { type: 'clear' })).toEqual([]);
  });

  it('puts a page taken again in the place of the one it replaces, unturned', () => {
    const turned = pagesReducer(three, { type: 'rotate', id: 'b' });
    const again = pagesReducer(turned, { type: 'replace', id: 'b', page: page('b2') });
    expect(ids(again)).toEqual(['a', 'b2', 'c']);
    expect(again[1]?.rotation).toBe(0);
  });

  it('sends a signed or encrypted PDF on its own, beside the merged pages', () => {
    const pages = [page('a'), page('signed', { kind: 'pdf', sealed: 'signed' }), page('b', { kind: 'pdf' })];
    const { merged, alone } = splitSealed(pages);
    expect(ids(merged)).toEqual(['a', 'b']);
    expect(ids(alone)).toEqual(['signed']);
  });
});
