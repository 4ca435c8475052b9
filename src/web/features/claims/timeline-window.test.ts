// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MORE_MONTHS, RECENT_MONTHS, timelineWindow } from './timeline-window.js';

const months = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('timelineWindow', () => {
  it('shows every month of a short claim', () => {
    expect(timelineWindow(months(5), 0, () => false)).toEqual({ pinned: [], hidden: 0, recent: [0, 1, 2, 3, 4] });
  });

  it('renders a bounded number of months of a claim that spans years, and counts the rest', () => {
    const w = timelineWindow(months(1200), 0, (m) => m === 0);
    expect(w.recent).toHaveLength(RECENT_MONTHS);
    expect(w.recent.at(-1)).toBe(1199);
    expect(w.pinned).toEqual([0]);
    expect(w.hidden).toBe(1200 - RECENT_MONTHS - 1);
  });

  it('shows more older months on demand, never more than there are', () => {
    const w = timelineWindow(months(100), MORE_MONTHS, () => false);
    expect(w.recent).toHaveLength(RECENT_MONTHS + MORE_MONTHS);
    expect(w.hidden).toBe(100 - RECENT_MONTHS - MORE_MONTHS);
    expect(timelineWindow(months(100), 10_000, () => false)).toEqual({ pinned: [], hidden: 0, recent: months(100) });
  });

  it('keeps a pinned month that is already among the recent ones only once', () => {
    const w = timelineWindow(months(30), 0, (m) => m === 29);
    expect(w.pinned).toEqual([]);
    expect(w.recent.filter((m) => m === 29)).toHaveLength(1);
  });
});
