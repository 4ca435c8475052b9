import { renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useDeferredAnswer } from './use-deferred-answer.js';

type Query = { data: string[] | undefined; isPending: boolean };

/** The hook rendered from `initial`, with every answer it gave, render by render. */
function renderAnswer(initial: Query) {
  const seen: { data: string[] | undefined; pending: boolean }[] = [];
  const hook = renderHook(
    ({ query }: { query: Query }) => {
      const answer = useDeferredAnswer(query);
      seen.push(answer);
      return answer;
    },
    { initialProps: { query: initial } },
  );
  return { seen, rerender: (query: Query) => hook.rerender({ query }), result: hook.result };
}

test('an answer is drawn after the urgent render, which keeps the placeholder (never an empty page)', () => {
  const { seen, rerender, result } = renderAnswer({ data: undefined, isPending: true });
  expect(result.current).toEqual({ data: undefined, pending: true });
  const lines = ['a', 'b'];
  seen.length = 0;
  rerender({ data: lines, isPending: false });
  // first the urgent render: still the placeholder; then, in a background render, the lines
  expect(seen[0]).toEqual({ data: undefined, pending: true });
  expect(seen.at(-1)).toEqual({ data: lines, pending: false });
  expect(result.current.data).toBe(lines);
});

test('a new answer (another page) keeps the lines shown until it is drawn; a failure shows no placeholder', () => {
  const first = ['a'];
  const next = ['b'];
  const { seen, rerender, result } = renderAnswer({ data: first, isPending: false });
  seen.length = 0;
  rerender({ data: next, isPending: false });
  expect(seen[0]).toEqual({ data: first, pending: false });
  expect(result.current).toEqual({ data: next, pending: false });
  rerender({ data: undefined, isPending: false });
  expect(result.current).toEqual({ data: undefined, pending: false });
});
