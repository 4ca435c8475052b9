import { sniffContentType } from '../../../contract/files.js';
import type { PageKind, Sealed } from './page-list.js';

/**
 * The rules a document's pages follow, on their own (no DOM, no PDF library): what a file is,
 * how large a photo is drawn, and how far a document is reduced to fit the partner's limit.
 */

/** ~180 dpi across an A4 page's long side (29.7 cm): what a reader needs, a fraction of a 12-megapixel photo. */
export const LONG_SIDE_PX = 1700;

/**
 * The steps tried in turn while the assembled PDF is over the partner's limit: smaller JPEGs first
 * (quality), then fewer pixels, never under 1,400 px on the long side (still ~120 dpi on A4).
 */
export const REDUCTION_STEPS: readonly { longSide: number; quality: number }[] = [
  { longSide: LONG_SIDE_PX, quality: 0.82 },
  { longSide: LONG_SIDE_PX, quality: 0.65 },
  { longSide: 1400, quality: 0.55 },
];

/** A photo this large (bytes) is refused before decoding: no phone camera makes one, and decoding it could exhaust a phone's memory. */
export const MAX_PHOTO_BYTES = 40 * 1024 * 1024;

/** A photo with more pixels than this is refused (a 108-megapixel phone sensor is ~108 M). */
export const MAX_PHOTO_PIXELS = 120_000_000;

/** ISO BMFF brands of HEIF/HEIC images (iPhones, some Android phones). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** What a file's first bytes (16 are enough) prove it is, or null (not a PDF, a supported image or a HEIC photo). */
export function pageKindOf(head: Uint8Array): PageKind | null {
  const type = sniffContentType(head);
  if (type === 'application/pdf') return 'pdf';
  if (type) return 'image';
  const ascii = String.fromCharCode(...head.subarray(4, 12));
  if (ascii.startsWith('ftyp') && HEIF_BRANDS.has(ascii.slice(4, 8))) return 'heic';
  return null;
}

/**
 * Whether a PDF's bytes hold a signature (a signature dictionary always has a /ByteRange) or an
 * encryption dictionary (/Encrypt in its trailer or cross-reference stream, both written in clear).
 * Read before the PDF library is loaded, so the user hears at once that such a file goes alone.
 */
export function sealOf(bytes: Uint8Array): Sealed | null {
  // latin1 keeps one character per byte; the markers are ASCII
  const text = new TextDecoder('latin1').decode(bytes);
  if (/\/Encrypt\s*\d+\s+\d+\s+R/.test(text) || /\/Encrypt\s*<</.test(text)) return 'encrypted';
  if (/\/ByteRange\s*\[/.test(text)) return 'signed';
  return null;
}

/** The size a photo is drawn at: its long side brought down to `longSide`, never enlarged. */
export function drawnSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The page size in PDF points of a photo of `width` × `height` px: its long side an A4 page's (842 pt). */
export function pageSizeOf(width: number, height: number): { width: number; height: number } {
  const scale = 842 / Math.max(width, height);
  return { width: Math.round(width * scale * 100) / 100, height: Math.round(height * scale * 100) / 100 };
}

/** A single file goes as it is (the way every file went before pages existed): a PDF or supported image within the limit. */
export function sentAsItIs(kind: PageKind, size: number, maxBytes: number): boolean {
  return kind !== 'heic' && size > 0 && size <= maxBytes;
}

/** The PDF's name: the document type and the moment it was made ("piece-d-identite-20261129-1305.pdf"), one per document. */
export function documentFileName(label: string, at: Date): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `${slug || 'document'}-${stamp}.pdf`;
}
