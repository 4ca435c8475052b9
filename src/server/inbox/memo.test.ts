import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Memo } from './memo.js';

describe('Memo', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  const counter = () => {
    let n = 0;
    return { load: () => Promise.resolve(++n), calls: () => n };
  };

  it('shares one load between concurrent readers and answers from it within the TTL', async () => {
    const memo = new Memo<number>(1000);
    const c = counter();
    expect(await Promise.all([memo.get('k', c.load), memo.get('k', c.load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memo.get('k', c.load)).toBe(1);
    expect(c.calls()).toBe(1);
  });

  it('past the TTL answers the stale value at once and refreshes it in the background', async () => {
    const memo = new Memo<number>(1000, 5000);
    const c = counter();
    await memo.get('k', c.load);
    vi.advanceTimersByTime(1500);
    expect(await memo.get('k', c.load)).toBe(1);
    await Promise.resolve();
    expect(await memo.get('k', c.load)).toBe(2);
    vi.advanceTimersByTime(6000); // too old to answer: wait for a fresh load
    expect(await memo.get('k', c.load)).toBe(3);
  });

  it('after a delete the next reader waits for a fresh load, and a late background refresh is dropped', async () => {
    const memo = new Memo<number>(1000);
    const c = counter();
    await memo.get('k', c.load);
    vi.advanceTimersByTime(1500);
    let release: (v: number) => void = () => undefined;
    await memo.get('k', () => new Promise<number>((r) => (release = r))); // starts a refresh
    memo.delete('k');
    expect(await memo.get('k', c.load)).toBe(2);
    release(99);
    await Promise.resolve();
    expect(await memo.get('k', c.load)).toBe(2);
  });

  it('forgets a failed load, and clears by prefix', async () => {
    const memo = new Memo<number>(1000);
    await expect(memo.get('a:1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await memo.get('a:1', () => Promise.resolve(7))).toBe(7);
    await memo.get('b:1', () => Promise.resolve(8));
    memo.clear('a:');
    expect(await memo.get('a:1', () => Promise.resolve(9))).toBe(9);
    expect(await memo.get('b:1', () => Promise.resolve(10))).toBe(8);
  });
});
