import { MAX_FILE_BYTES } from '../../../contract/files.js';
import type { Page } from './page-list.js';
import { MAX_PHOTO_BYTES, pageKindOf, sealOf } from './page-rules.js';

/** Why a chosen file did not become a page: each has its message naming the file. */
export type Refusal = { name: string; reason: 'empty' | 'badType' | 'tooLarge' | 'photoTooLarge' | 'damaged' };

let next = 0;
const newId = () => `page-${Date.now().toString(36)}-${(next++).toString(36)}`;

/**
 * The chosen files as pages, each known by its bytes (a name or declared type proves nothing),
 * and the files refused with why. A PDF over the limit cannot be made lighter here; a photo can
 * (it is redrawn), up to a size no camera makes.
 */
export async function readPages(files: readonly File[]): Promise<{ pages: Page[]; refused: Refusal[] }> {
  const pages: Page[] = [];
  const refused: Refusal[] = [];
  for (const file of files) {
    if (file.size === 0) {
      refused.push({ name: file.name, reason: 'empty' });
      continue;
    }
    const kind = pageKindOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!kind) {
      refused.push({ name: file.name, reason: 'badType' });
      continue;
    }
    if (file.size > (kind === 'pdf' ? MAX_FILE_BYTES : MAX_PHOTO_BYTES)) {
      refused.push({ name: file.name, reason: kind === 'pdf' ? 'tooLarge' : 'photoTooLarge' });
      continue;
    }
    const sealed = kind === 'pdf' ? sealOf(new Uint8Array(await file.arrayBuffer())) : null;
    pages.push({ id: newId(), file, kind, rotation: 0, ...(sealed ? { sealed } : {}) });
  }
  return { pages, refused };
}

/**
 * The PDFs among `pages` with the pages they hold, so the list counts what the document will have
 * (the PDF library loads only when there is a PDF). A PDF it cannot read is refused now, named,
 * rather than when the document is put together; a sealed one goes as it is, whatever it holds.
 */
export async function withPageCounts(pages: readonly Page[]): Promise<{ pages: Page[]; refused: Refusal[] }> {
  if (!pages.some((p) => p.kind === 'pdf')) return { pages: [...pages], refused: [] };
  const { countPdfPages } = await import('./pdf-pages.js');
  const counted: Page[] = [];
  const refused: Refusal[] = [];
  for (const page of pages) {
    if (page.kind !== 'pdf') {
      counted.push(page);
      continue;
    }
    const pageCount = await countPdfPages(page.file);
    if (pageCount === null && !page.sealed) refused.push({ name: page.file.name, reason: 'damaged' });
    else counted.push(pageCount === null ? page : { ...page, pageCount });
  }
  return { pages: counted, refused };
}
