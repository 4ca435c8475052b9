import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http-error.js';
import { checkAnswer } from './answers.js';
import type { UpstreamAnswer } from './client.js';

const answer = (body: string, contentType = 'application/json'): UpstreamAnswer => ({
  status: 200,
  header: (name) => (name === 'content-type' ? contentType : null),
  body: Readable.from([Buffer.from(body)]),
});
const List = z.object({ items: z.array(z.object({ id: z.string() })), total: z.number().int() });
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (e: unknown) => (e instanceof HttpError ? e.code : 'other'),
  );

describe('checking answers forwarded as is (the proxy)', () => {
  it('passes the same bytes again without reading them, and still refuses any other bytes that break the contract', async () => {
    const good = '{"items":[{"id":"a"}],"total":1}';
    const first = await checkAnswer(answer(good), List, 'GET /v3/x', { forwardOnly: true });
    expect([first.status, first.body.toString(), first.json]).toEqual([200, good, null]);
    const again = await checkAnswer(answer(good), List, 'GET /v3/x', { forwardOnly: true });
    expect([again.status, again.body.toString(), again.json]).toEqual([200, good, null]);
    expect(await code(checkAnswer(answer('{"items":[{"id":1}],"total":1}'), List, 'GET /v3/x', { forwardOnly: true }))).toBe(
      'UPSTREAM_INVALID',
    );
    expect(await code(checkAnswer(answer('{"items":[{"id":"a"}],"total":1'), List, 'GET /v3/x', { forwardOnly: true }))).toBe(
      'UPSTREAM_INVALID',
    );
    // the same bytes as HTML, or against another schema, are judged again
    expect(await code(checkAnswer(answer(good, 'text/html'), List, 'GET /v3/x', { forwardOnly: true }))).toBe('UPSTREAM_INVALID');
    const Other = z.object({ name: z.string() });
    expect(await code(checkAnswer(answer(good), Other, 'GET /v3/y', { forwardOnly: true }))).toBe('UPSTREAM_INVALID');
  });

  it('reads the JSON every time for a caller that uses it', async () => {
    const good = '{"items":[{"id":"b"}],"total":1}';
    await checkAnswer(answer(good), List, 'GET /v3/x');
    expect((await checkAnswer(answer(good), List, 'GET /v3/x')).json).toEqual({ items: [{ id: 'b' }], total: 1 });
  });
});
