import { describe, expect, it } from 'vitest';
import { flagsOf, measure } from './page-quality.js';

const W = 120;
const H = 90;

/** A light page with dark "text" strokes, as grey levels, optionally box-blurred and darkened. */
function page({ blur = 0, light = 1 }: { blur?: number; light?: number } = {}): number[] {
  const sharp: number[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const stroke = y % 12 < 3 && x % 7 < 4 && x > 8 && x < W - 8;
      sharp.push(stroke ? 30 : 220);
    }
  const out = sharp.map((_, i) => {
    if (!blur) return sharp[i] ?? 0;
    const x0 = i % W;
    const y0 = Math.floor(i / W);
    let sum = 0;
    let n = 0;
    for (let dy = -blur; dy <= blur; dy++)
      for (let dx = -blur; dx <= blur; dx++) {
        const x = Math.min(W - 1, Math.max(0, x0 + dx));
        const y = Math.min(H - 1, Math.max(0, y0 + dy));
        sum += sharp[y * W + x] ?? 0;
        n += 1;
      }
    return sum / n;
  });
  return out.map((v) => v * light);
}

describe('whether a photo will be readable', () => {
  it('passes a sharp, well-lit page', () => {
    expect(flagsOf(measure(page(), W, H))).toEqual([]);
  });
  it('flags a blurred page', () => {
    expect(flagsOf(measure(page({ blur: 3 }), W, H))).toEqual(['blurred']);
  });
  it('flags a dark page', () => {
    expect(flagsOf(measure(page({ light: 0.2 }), W, H))).toContain('dark');
  });
  it('flags a page dimmed by 55 %, and one more than half in shadow; not one a little dim, nor one beside a dark desk', () => {
    expect(flagsOf(measure(page({ light: 0.45 }), W, H))).toEqual(['dark']);
    expect(flagsOf(measure(shaded(page(), 0.55, 0.3), W, H))).toEqual(['dark']);
    expect(flagsOf(measure(page({ light: 0.75 }), W, H))).toEqual([]);
    expect(flagsOf(measure(shaded(page(), 0.3, 0.15), W, H))).toEqual([]);
  });
});

/** The page with its left `share` in shadow (or a dark desk), its grey levels times `light` there. */
function shaded(grey: number[], share: number, light: number): number[] {
  return grey.map((v, i) => ((i % W) / W < share ? v * light : v));
}
