import { describe, expect, it } from 'vitest';
import { chartWindow } from './chart-window.js';

const months = (n: number, declared: (i: number) => boolean) => Array.from({ length: n }, (_, i) => ({ i, declared: declared(i) }));

describe('the months a claim chart draws', () => {
  it('the latest ones while one of them is declared', () => {
    const w = chartWindow(
      months(30, (i) => i < 10),
      24,
    );
    expect(w.months.map((m) => m.i)).toEqual(Array.from({ length: 24 }, (_, k) => k + 6));
    expect(w.endsAtLastDeclared).toBe(false);
  });

  it('up to the last declared month when none of the latest is: what is due is drawn', () => {
    const w = chartWindow(
      months(36, (i) => i === 0),
      24,
    );
    expect(w.months.map((m) => m.i)).toEqual([0]);
    expect(w.endsAtLastDeclared).toBe(true);
    const later = chartWindow(
      months(60, (i) => i < 30),
      24,
    );
    expect(later.months.map((m) => m.i)).toEqual(Array.from({ length: 24 }, (_, k) => k + 6));
  });

  it('the latest ones when nothing is declared', () => {
    expect(
      chartWindow(
        months(30, () => false),
        24,
      ).months,
    ).toHaveLength(24);
  });
});
