import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallBudget } from './budget.js';

/** Takes `n` calls of a pass, one after the other; the clock's time until the last was granted (fake timers). */
async function timeOfPass(budget: CallBudget, n: number): Promise<number> {
  const start = Date.now();
  let end = start;
  const pass = (async () => {
    for (let i = 0; i < n; i++) expect(await budget.take(() => false)).toBe(true);
    end = Date.now();
  })();
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  await pass;
  return end - start;
}

describe('the sync’s call budget (SYNC_CALLS_PER_MINUTE)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('a pass makes at most the budget’s calls in a minute, after a first handful at once', async () => {
    const budget = new CallBudget(60, () => Date.now());
    const started: number[] = [];
    const pass = (async () => {
      for (let i = 0; i < 130; i++) {
        await budget.take(() => false);
        started.push(Date.now());
      }
    })();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await pass;
    const t0 = started[0] ?? 0;
    // every window of one minute holds at most 60 calls plus the first 10 granted at once
    for (const at of started) expect(started.filter((t) => t >= at && t < at + 60_000).length).toBeLessThanOrEqual(70);
    expect((started.at(-1) ?? 0) - t0).toBeGreaterThanOrEqual(119_000);
  });

  it('a burst of calls spent at once (an initial sync, a flood of events) holds the next pass back one minute at most', async () => {
    const budget = new CallBudget(300, () => Date.now());
    for (let i = 0; i < 24_000; i++) budget.spend();
    const waited = await timeOfPass(budget, 1);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(61_000);
  });

  it('a pass stopped while it waits gets no call', async () => {
    const budget = new CallBudget(60, () => Date.now());
    for (let i = 0; i < 100; i++) budget.spend();
    let stopped = false;
    const taken = budget.take(() => stopped);
    await vi.advanceTimersByTimeAsync(5_000);
    stopped = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await taken).toBe(false);
  });
});
