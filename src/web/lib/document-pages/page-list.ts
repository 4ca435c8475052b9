/**
 * The pages of one document being put together before it is sent: in order, each turned a
 * quarter at a time. Plain state, no DOM: the page collector draws it, the assembly reads it.
 */

/** What a page's bytes are (read from its first bytes, never from its name). */
export type PageKind = 'image' | 'heic' | 'pdf';

/** Why a PDF cannot be merged into another: re-saving would void its signature, or cannot open it. */
export type Sealed = 'signed' | 'encrypted';

export type Rotation = 0 | 90 | 180 | 270;

export interface Page {
  /** Stable across reorders: the list's keys and the screen reader's announcements follow it. */
  readonly id: string;
  readonly file: File;
  readonly kind: PageKind;
  /** Quarter turns clockwise added by the user, on top of the photo's own EXIF orientation. */
  readonly rotation: Rotation;
  /** A signed or encrypted PDF: sent on its own, as it is. */
  readonly sealed?: Sealed;
  /** The pages a PDF holds, read when it is added (unknown for a sealed one the PDF library cannot open: one). A photo is one page. */
  readonly pageCount?: number;
}

/** Where each item of the list falls in the document: its first page (from 1), how many it holds, and the document's total. */
export function pageSpans(pages: readonly Page[]): { spans: Map<string, { first: number; count: number }>; total: number } {
  const spans = new Map<string, { first: number; count: number }>();
  let total = 0;
  for (const p of pages) {
    const count = p.pageCount ?? 1;
    spans.set(p.id, { first: total + 1, count });
    total += count;
  }
  return { spans, total };
}

export type PageAction =
  | { type: 'add'; pages: readonly Page[] }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'rotate'; id: string }
  | { type: 'remove'; id: string }
  /** A page taken again: the new one takes its place (and starts unturned). */
  | { type: 'replace'; id: string; page: Page }
  | { type: 'clear' };

export function pagesReducer(pages: readonly Page[], action: PageAction): readonly Page[] {
  switch (action.type) {
    case 'add':
      return [...pages, ...action.pages];
    case 'move': {
      const from = pages.findIndex((p) => p.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= pages.length) return pages;
      const next = [...pages];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    }
    case 'rotate':
      return pages.map((p) => (p.id === action.id ? { ...p, rotation: ((p.rotation + 90) % 360) as Rotation } : p));
    case 'remove':
      return pages.filter((p) => p.id !== action.id);
    case 'replace':
      return pages.map((p) => (p.id === action.id ? action.page : p));
    case 'clear':
      return [];
  }
}

/** The pages that are merged into one PDF, and the sealed PDFs sent beside it as they are. */
export function splitSealed(pages: readonly Page[]): { merged: Page[]; alone: Page[] } {
  return { merged: pages.filter((p) => !p.sealed), alone: pages.filter((p) => p.sealed) };
}
