import { degrees, EncryptedPDFError, PDFDocument } from '@pdfme/pdf-lib';
import { encodePhoto as browserEncode, type EncodePhoto } from './encode-photo.js';
import type { Page } from './page-list.js';
import { DocumentTooLarge, PageError } from './page-errors.js';
import { pageSizeOf, REDUCTION_STEPS } from './page-rules.js';

/**
 * One PDF from a document's pages, in their order: each photo downscaled and re-encoded as a JPEG
 * page, each PDF's pages copied as they are (turned if the user turned them). This module holds the
 * PDF library and is only ever loaded by a dynamic import, when a document is put together.
 */

export interface Assembled {
  file: File;
  /** Pages in the PDF (a PDF given as one page of the list may bring several). */
  pageCount: number;
  /** The reduction step that fitted (0: the usual size and quality). */
  step: number;
}

async function build(
  pages: readonly Page[],
  encode: EncodePhoto,
  step: (typeof REDUCTION_STEPS)[number],
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const doc = await PDFDocument.create();
  for (const page of pages) {
    if (page.kind === 'pdf') {
      let source: PDFDocument;
      try {
        source = await PDFDocument.load(await page.file.arrayBuffer());
      } catch (error) {
        // sealed files are kept out before; one whose encryption was not seen in its bytes ends here
        throw new PageError(page.id, error instanceof EncryptedPDFError ? 'encrypted' : 'unreadable', error);
      }
      const copied = await doc.copyPages(source, source.getPageIndices());
      for (const p of copied) {
        if (page.rotation) p.setRotation(degrees((p.getRotation().angle + page.rotation) % 360));
        doc.addPage(p);
      }
      continue;
    }
    const photo = await encode(page, step.longSide, step.quality);
    const image = await doc.embedJpg(photo.bytes);
    const size = pageSizeOf(photo.width, photo.height);
    const pdfPage = doc.addPage([size.width, size.height]);
    pdfPage.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
  }
  return { bytes: await doc.save(), pageCount: doc.getPageCount() };
}

/**
 * Puts the pages together; while the PDF is over `maxBytes` and photos could be smaller, tries
 * the next reduction step. Throws DocumentTooLarge when even the smallest is over, PageError for a
 * page that cannot be read.
 */
export async function assembleDocument(
  pages: readonly Page[],
  { name, maxBytes, encode = browserEncode }: { name: string; maxBytes: number; encode?: EncodePhoto },
): Promise<Assembled> {
  const photos = pages.some((p) => p.kind !== 'pdf');
  let size = 0;
  for (const [index, step] of REDUCTION_STEPS.entries()) {
    const { bytes, pageCount } = await build(pages, encode, step);
    size = bytes.length;
    if (size <= maxBytes) {
      return { file: new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' }), pageCount, step: index };
    }
    if (!photos) break;
  }
  throw new DocumentTooLarge(size);
}
