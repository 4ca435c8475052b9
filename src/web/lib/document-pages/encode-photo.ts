import { drawnSize, MAX_PHOTO_PIXELS } from './page-rules.js';
import type { Page } from './page-list.js';
import { PageError } from './page-errors.js';

export interface EncodedPhoto {
  bytes: Uint8Array;
  /** As drawn, after the user's rotation. */
  width: number;
  height: number;
}

/** Turns a page's photo into a JPEG of at most `longSide` px, upright, at `quality` (0-1). */
export type EncodePhoto = (page: Page, longSide: number, quality: number) => Promise<EncodedPhoto>;

function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function jpegOf(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if (canvas instanceof OffscreenCanvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no JPEG from the canvas'))), 'image/jpeg', quality),
  );
}

/**
 * The photo decoded, upright. A HEIC photo the browser cannot decode (all but Safari) goes through
 * libheif compiled to WebAssembly (`heic-to`, ~1 MB compressed), loaded only then; its build
 * without `eval` keeps the page's Content Security Policy to 'wasm-unsafe-eval'.
 */
export async function decodePhoto(page: Page): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(page.file);
  } catch (error) {
    if (page.kind !== 'heic') throw new PageError(page.id, 'unreadable', error);
  }
  try {
    const { heicTo } = await import('heic-to/csp');
    return await heicTo({ blob: page.file, type: 'bitmap' });
  } catch (error) {
    throw new PageError(page.id, 'heic', error);
  }
}

/**
 * The browser decodes the photo (createImageBitmap applies its EXIF orientation, so it is upright
 * as taken: only the user's own quarter turns are drawn here), then draws it smaller on a canvas
 * and encodes a JPEG. One photo is decoded at a time and its bitmap closed at once: a decoded
 * 12-megapixel photo is ~48 MB outside the JavaScript heap.
 */
export const encodePhoto: EncodePhoto = async (page, longSide, quality) => {
  const bitmap = await decodePhoto(page);
  try {
    if (bitmap.width * bitmap.height > MAX_PHOTO_PIXELS) throw new PageError(page.id, 'tooManyPixels');
    const size = drawnSize(bitmap.width, bitmap.height, longSide);
    const quarter = page.rotation === 90 || page.rotation === 270;
    const width = quarter ? size.height : size.width;
    const height = quarter ? size.width : size.height;
    const canvas = canvasOf(width, height);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!ctx) throw new PageError(page.id, 'unreadable');
    ctx.imageSmoothingQuality = 'high';
    // a white page under a transparent PNG, as on paper
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.translate(width / 2, height / 2);
    ctx.rotate((page.rotation * Math.PI) / 180);
    ctx.drawImage(bitmap, -size.width / 2, -size.height / 2, size.width, size.height);
    const blob = await jpegOf(canvas, quality);
    return { bytes: new Uint8Array(await blob.arrayBuffer()), width, height };
  } finally {
    bitmap.close();
  }
};

/**
 * A copy of the photo the browser can show and measure, `width` px wide at most: the photo itself
 * where the browser decodes it, else (a HEIC photo outside Safari) a JPEG drawn from heic-to's
 * decoding; null when it cannot be decoded at all.
 */
export async function previewPhoto(page: Page, width: number): Promise<Blob | null> {
  if (page.kind === 'image') return page.file;
  if (page.kind !== 'heic') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await decodePhoto(page);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, width / bitmap.width);
    const w = Math.max(1, Math.round(bitmap.width * scale));
    const h = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(w, h);
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, w, h);
    return await jpegOf(canvas, 0.85);
  } finally {
    bitmap.close();
  }
}
