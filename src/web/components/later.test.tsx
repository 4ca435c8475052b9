import { render, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { InSteps } from './later.js';

test('draws its steps one per frame, top down: each once the one before it is on screen', async () => {
  const frames: FrameRequestCallback[] = [];
  const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  const drawn = () => screen.queryAllByRole('region').map((r) => r.getAttribute('aria-label'));
  render(
    <InSteps
      steps={['Graphique', 'Documents', 'Mois', 'Paiements'].map((name) => (
        <section key={name} aria-label={name} />
      ))}
    />,
  );
  expect(drawn()).toEqual(['Graphique']);
  for (const [n, shown] of [
    [2, ['Graphique', 'Documents']],
    [3, ['Graphique', 'Documents', 'Mois']],
    [4, ['Graphique', 'Documents', 'Mois', 'Paiements']],
  ] as const) {
    // nothing more until the browser paints the frame with what is there
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn()).toHaveLength(n - 1);
    frames.shift()?.(performance.now());
    await waitFor(() => expect(drawn()).toEqual(shown));
  }
  await new Promise((r) => setTimeout(r, 20));
  expect(frames).toHaveLength(0);
  frame.mockRestore();
});
