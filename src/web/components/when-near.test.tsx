import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { WhenShown } from './when-near.js';

/** A stand-in for the browser's IntersectionObserver (jsdom has none): the test says how much of the place is on screen. */
function watchShare() {
  const watchers: { seen: Element[]; tell: (ratio: number) => void; thresholds: number[] }[] = [];
  class FakeObserver {
    seen: Element[] = [];
    constructor(
      callback: (entries: { isIntersecting: boolean; intersectionRatio: number; target: Element }[]) => void,
      options: { threshold?: number | number[] } = {},
    ) {
      watchers.push({
        seen: this.seen,
        thresholds: [options.threshold ?? 0].flat(),
        tell: (ratio) => callback(this.seen.map((target) => ({ isIntersecting: ratio > 0, intersectionRatio: ratio, target }))),
      });
    }
    observe(el: Element) {
      this.seen.push(el);
    }
    disconnect() {
      this.seen.length = 0;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    share: (ratio: number) => act(() => watchers.filter((w) => w.seen.length > 0).forEach((w) => w.tell(ratio))),
    thresholds: () => watchers.flatMap((w) => w.thresholds),
  };
}

afterEach(() => vi.unstubAllGlobals());

const chart = (now = false) => (
  <WhenShown space={<div data-testid="space" style={{ height: 280 }} />} now={now}>
    <p>the bars</p>
  </WhenShown>
);

test('a part is built once a quarter of its place is on screen (not a screen ahead), its place kept until then', async () => {
  const watch = watchShare();
  render(chart());
  expect(screen.getByTestId('space')).toBeInTheDocument();
  expect(watch.thresholds()).toEqual([0.25]);
  // the top of its place on screen, as a phone's first screen shows the claim's chart: not built
  await watch.share(0.2);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByText('the bars')).toBeNull();
  await watch.share(0.3);
  expect(await screen.findByText('the bars', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(screen.queryByTestId('space')).toBeNull();
});

test('the keyboard on it builds it at once', () => {
  watchShare();
  const { rerender } = render(chart());
  expect(screen.queryByText('the bars')).toBeNull();
  rerender(chart(true));
  expect(screen.getByText('the bars')).toBeInTheDocument();
});
