import { PDFDocument } from '@pdfme/pdf-lib';
import { describe, expect, it } from 'vitest';
import { assembleDocument } from './assemble.js';
import type { EncodePhoto } from './encode-photo.js';
import type { Page } from './page-list.js';
import { DocumentTooLarge, PageError } from './page-errors.js';
import { drawnSize } from './page-rules.js';

/**
 * jsdom has no image decoder nor canvas: photos are "encoded" by a stand-in that gives a JPEG
 * header of the size the rules ask for (all the PDF library reads of a JPEG), padded with a comment
 * segment that grows with the quality, as a real JPEG's size does.
 */
function fakeJpeg(width: number, height: number, padding: number): Uint8Array {
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  const chunks: number[] = [0xff, 0xd8];
  for (let left = padding; left > 0; left -= 60_000) {
    const n = Math.min(left, 60_000);
    chunks.push(0xff, 0xfe, (n + 2) >> 8, (n + 2) & 255, ...new Array<number>(n).fill(0x41));
  }
  return new Uint8Array([...chunks, ...sof, 0xff, 0xd9]);
}

/** A photo of 4000 × 3000 px, or 3000 × 4000 when turned a quarter. */
const encode: EncodePhoto = async (page, longSide, quality) => {
  await Promise.resolve();
  const size = drawnSize(4000, 3000, longSide);
  const quarter = page.rotation % 180 !== 0;
  const width = quarter ? size.height : size.width;
  const height = quarter ? size.width : size.height;
  return { bytes: fakeJpeg(width, height, Math.round(longSide * quality * 200)), width, height };
};

async function pdfOf(sizes: [number, number][]): Promise<File> {
  const doc = await PDFDocument.create();
  for (const s of sizes) doc.addPage(s);
  return new File([(await doc.save()) as Uint8Array<ArrayBuffer>], 'two.pdf', { type: 'application/pdf' });
}

const photo = (id: string, rotation: Page['rotation'] = 0): Page => ({
  id,
  file: new File(['jpeg'], `${id}.jpg`),
  kind: 'image',
  rotation,
});

/** Each page of the PDF as "width×height", turned as a reader shows it. */
async function shapes(file: File): Promise<string[]> {
  const doc = await PDFDocument.load(await file.arrayBuffer());
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    const turned = p.getRotation().angle % 180 !== 0;
    return `${Math.round(turned ? height : width)}×${Math.round(turned ? width : height)}`;
  });
}

const MB = 1024 * 1024;

describe('one PDF from a document’s pages', () => {
  it('puts photos and a PDF’s pages in the chosen order, each photo a page of its shape', async () => {
    const pdf: Page = {
      id: 'pdf',
      file: await pdfOf([
        [100, 200],
        [300, 400],
      ]),
      kind: 'pdf',
      rotation: 0,
    };
    const result = await assembleDocument([photo('a'), pdf, photo('b', 90)], { name: 'doc.pdf', maxBytes: 10 * MB, encode });
    expect(result.file.name).toBe('doc.pdf');
    expect(result.file.type).toBe('application/pdf');
    expect(result.pageCount).toBe(4);
    expect(await shapes(result.file)).toEqual(['842×632', '100×200', '300×400', '632×842']);
  });

  it('turns a PDF’s pages as the user turned them', async () => {
    const pdf: Page = { id: 'pdf', file: await pdfOf([[100, 200]]), kind: 'pdf', rotation: 90 };
    expect(await shapes((await assembleDocument([pdf], { name: 'd.pdf', maxBytes: 10 * MB, encode })).file)).toEqual(['200×100']);
  });

  it('makes photos lighter until the document fits the limit', async () => {
    const pages = [photo('a'), photo('b'), photo('c')];
    const usual = await assembleDocument(pages, { name: 'd.pdf', maxBytes: 10 * MB, encode });
    const limit = usual.file.size - 1000;
    const reduced = await assembleDocument(pages, { name: 'd.pdf', maxBytes: limit, encode });
    expect(reduced.file.size).toBeLessThanOrEqual(limit);
    expect(reduced.pageCount).toBe(3);
  });

  it('refuses a document still over the limit at its lightest, with its size', async () => {
    const error = await assembleDocument([photo('a'), photo('b')], { name: 'd.pdf', maxBytes: 50_000, encode }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentTooLarge);
    expect((error as DocumentTooLarge).size).toBeGreaterThan(50_000);
  });

  it('names the page that cannot be read (a truncated PDF)', async () => {
    const whole = await pdfOf([[100, 200]]);
    const truncated: Page = { id: 'cut', file: new File([(await whole.arrayBuffer()).slice(0, 40)], 'cut.pdf'), kind: 'pdf', rotation: 0 };
    const error = await assembleDocument([photo('a'), truncated], { name: 'd.pdf', maxBytes: 10 * MB, encode }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageError);
    expect((error as PageError).pageId).toBe('cut');
  });
});
