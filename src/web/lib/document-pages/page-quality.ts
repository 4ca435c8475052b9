/**
 * Whether a photo will be readable: too dark (how much of it is dark) or blurred (the variance of
 * its Laplacian, i.e. how much its edges stand out), measured on a copy 512 px wide so the figures
 * do not depend on the camera's resolution. Advisory: the user may send it anyway.
 */

/** The width the photo is measured at. */
export const MEASURE_PX = 512;

/**
 * A pixel darker than this (grey level, 0-255: a mid grey) is dark. Paper photographed in good light
 * measures 170-245; black text on it, 20-60.
 */
export const DARK_PIXEL = 120;

/**
 * A page is flagged dark when more than half of it is dark: the paper itself is dim, or a shadow
 * (the phone's, a hand's) covers most of it; the mean brightness missed both. On photo-like test
 * pages, the text of a well-lit page is a few percent of it, a page dimmed to 60 % a third; dimmed
 * to 55 % or less, or half in shadow, more than half. A page beside a dark desk stays unflagged
 * while the paper fills most of the photo.
 */
export const DARK_SHARE = 0.5;

/**
 * Variance of the Laplacian under which a page is flagged blurred. Chosen on photo-like pages made
 * in Chromium (lines of text over noise and shading, JPEG, at 4000 × 3000, 1600 × 1200 and
 * 1200 × 1600, measured 512 px wide): sharp ones measured 2,710-2,794; the same blurred by 0.3 % of
 * their width (the text no longer readable) 17-41, by 0.6 % 3; darkened to a fifth, 113-115. 100
 * sits between the blurred and the sharp with room on both sides, and flagged none of the three
 * sharp pages. Real photos of paper have less noise than these, so they measure lower when sharp:
 * the threshold is kept low, a flag being worse when wrong than a miss (it is advice only).
 */
export const BLURRED_BELOW = 100;

export interface Quality {
  /** The share of the photo darker than DARK_PIXEL (0-1). */
  darkShare: number;
  sharpness: number;
}

/** The dark share and sharpness of a grey image (one value 0-255 per pixel, row by row). */
export function measure(grey: ArrayLike<number>, width: number, height: number): Quality {
  let dark = 0;
  for (let i = 0; i < width * height; i++) if ((grey[i] ?? 0) < DARK_PIXEL) dark += 1;
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = (grey[i - 1] ?? 0) + (grey[i + 1] ?? 0) + (grey[i - width] ?? 0) + (grey[i + width] ?? 0) - 4 * (grey[i] ?? 0);
      // Welford's running variance: one pass, no array of responses
      n += 1;
      const d = v - mean;
      mean += d / n;
      m2 += d * (v - mean);
    }
  }
  return { darkShare: dark / Math.max(1, width * height), sharpness: n > 1 ? m2 / (n - 1) : 0 };
}

export type QualityFlag = 'dark' | 'blurred';

export function flagsOf(q: Quality): QualityFlag[] {
  const flags: QualityFlag[] = [];
  if (q.darkShare > DARK_SHARE) flags.push('dark');
  if (q.sharpness < BLURRED_BELOW) flags.push('blurred');
  return flags;
}

/** Measures a photo in the browser (decoded small, upright); null when it cannot be decoded here (a HEIC outside Safari). */
export async function measurePhoto(file: Blob): Promise<Quality | null> {
  let bitmap: ImageBitmap;
  try {
    // the height follows the width; the decoder never holds the full photo's pixels for this
    bitmap = await createImageBitmap(file, { resizeWidth: MEASURE_PX, resizeQuality: 'medium' });
  } catch {
    return null;
  }
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const grey = new Uint8ClampedArray(bitmap.width * bitmap.height);
    for (let i = 0; i < grey.length; i++)
      grey[i] = 0.299 * (data[i * 4] ?? 0) + 0.587 * (data[i * 4 + 1] ?? 0) + 0.114 * (data[i * 4 + 2] ?? 0);
    return measure(grey, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
