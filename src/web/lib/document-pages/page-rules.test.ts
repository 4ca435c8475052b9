import { describe, expect, it } from 'vitest';
import { documentFileName, drawnSize, pageKindOf, pageSizeOf, sealOf, sentAsItIs } from './page-rules.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('what a file is, by its bytes', () => {
  it('knows PDFs, JPEG, PNG, GIF and HEIC photos whatever their name', () => {
    expect(pageKindOf(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(pageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image');
    expect(pageKindOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image');
    expect(pageKindOf(new Uint8Array([0, 0, 0, 0x18, ...bytes('ftypheic'), 0, 0, 0, 0]))).toBe('heic');
    expect(pageKindOf(new Uint8Array([0, 0, 0, 0x18, ...bytes('ftypmif1'), 0, 0, 0, 0]))).toBe('heic');
  });

  it('refuses anything else (text, a video, nothing)', () => {
    expect(pageKindOf(bytes('hello world, not a page'))).toBeNull();
    expect(pageKindOf(new Uint8Array([0, 0, 0, 0x18, ...bytes('ftypisom'), 0, 0, 0, 0]))).toBeNull();
    expect(pageKindOf(new Uint8Array())).toBeNull();
  });

  it('sees a signed PDF and an encrypted one, and nothing in a plain one', () => {
    expect(sealOf(bytes('%PDF-1.7\n1 0 obj << /Type /Sig /ByteRange [0 100 200 50] >> endobj'))).toBe('signed');
    expect(sealOf(bytes('%PDF-1.7\ntrailer << /Root 1 0 R /Encrypt 5 0 R >>'))).toBe('encrypted');
    expect(sealOf(bytes('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>'))).toBeNull();
  });
});

describe('the size a photo is drawn at', () => {
  it('brings a 12-megapixel photo to 1,700 px on its long side, keeping its shape', () => {
    expect(drawnSize(4000, 3000, 1700)).toEqual({ width: 1700, height: 1275 });
    expect(drawnSize(3000, 4000, 1700)).toEqual({ width: 1275, height: 1700 });
  });

  it('never enlarges a small picture', () => {
    expect(drawnSize(800, 600, 1700)).toEqual({ width: 800, height: 600 });
  });

  it('makes the page the photo’s shape, its long side an A4 page’s', () => {
    expect(pageSizeOf(1275, 1700)).toEqual({ width: 631.5, height: 842 });
    expect(pageSizeOf(1700, 1275).width).toBe(842);
  });
});

describe('a file chosen alone', () => {
  const MB = 1024 * 1024;
  it('goes as it is when it is a PDF or an image within the limit', () => {
    expect(sentAsItIs('pdf', 2 * MB, 10 * MB)).toBe(true);
    expect(sentAsItIs('image', 10 * MB, 10 * MB)).toBe(true);
  });
  it('is made a page when it is a photo over the limit or a HEIC photo (the partner takes neither)', () => {
    expect(sentAsItIs('image', 10 * MB + 1, 10 * MB)).toBe(false);
    expect(sentAsItIs('heic', 2 * MB, 10 * MB)).toBe(false);
  });
});

describe('the name of the PDF', () => {
  it('says the document type and when it was made, in letters any system keeps', () => {
    expect(documentFileName("Pièce d'identité", new Date(2026, 10, 29, 13, 5, 9))).toBe('piece-d-identite-20261129-130509.pdf');
    expect(documentFileName('…', new Date(2026, 0, 2, 3, 4, 5))).toBe('document-20260102-030405.pdf');
  });
});
