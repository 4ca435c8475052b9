import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http-error.js';
import { MAX_JSON_BYTES, REMEMBERED_BYTES, checkAnswer } from './answers.js';
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

  afterEach(() => vi.restoreAllMocks());

  it('knows an answer only byte for byte: a one-byte change anywhere in a remembered answer is read and judged again', async () => {
    const Ids = z.object({ item: z.object({ id: z.string().regex(/^a+$/) }), total: z.number().int() });
    const id = 'a'.repeat(600);
    const good = `{"item":{"id":"${id}"},"total":1}`;
    expect((await checkAnswer(answer(good), Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    const parse = vi.spyOn(JSON, 'parse');
    expect((await checkAnswer(answer(good), Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    expect(parse).not.toHaveBeenCalled();
    // the same length, the same bytes but one: refused wherever the byte is (not judged by a sample)
    const start = good.indexOf(id);
    const verdicts = new Set<string>();
    for (let i = 0; i < id.length; i++) {
      const bad = `${good.slice(0, start + i)}b${good.slice(start + i + 1)}`;
      verdicts.add(await code(checkAnswer(answer(bad), Ids, 'GET /v3/x', { forwardOnly: true })));
    }
    expect([...verdicts]).toEqual(['UPSTREAM_INVALID']);
    expect(parse.mock.calls.length).toBeGreaterThanOrEqual(id.length);
  });

  it('remembers its own copy of an answer: bytes changed later in the buffer it came in are not taken as known', async () => {
    const Ids = z.object({ item: z.object({ id: z.string().regex(/^a+$/) }), total: z.number().int() });
    const good = `{"item":{"id":"${'a'.repeat(40)}"},"total":1}`;
    const chunk = Buffer.from(good);
    const first: UpstreamAnswer = { ...answer(''), body: Readable.from([chunk]) };
    expect((await checkAnswer(first, Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    chunk.write('b', good.indexOf('a')); // the socket's buffer reused, say
    expect(await code(checkAnswer(answer(chunk.toString()), Ids, 'GET /v3/x', { forwardOnly: true }))).toBe('UPSTREAM_INVALID');
    const parse = vi.spyOn(JSON, 'parse');
    expect((await checkAnswer(answer(good), Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    expect(parse).not.toHaveBeenCalled();
  });

  it('remembers passed answers up to a bound in bytes: the oldest are read again, a huge one is never kept', async () => {
    const Big = z.object({ item: z.object({ id: z.string() }), total: z.number().int() });
    const page = (n: number, size: number) => `{"item":{"id":"${String(n).padStart(size, 'x')}"},"total":1}`;
    const size = Math.floor(REMEMBERED_BYTES / 8);
    const parse = vi.spyOn(JSON, 'parse');
    const pass = async (body: string) => {
      parse.mockClear();
      expect((await checkAnswer(answer(body), Big, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
      return parse.mock.calls.length > 0 ? 'read' : 'known';
    };
    for (let n = 0; n < 9; n++) expect(await pass(page(n, size))).toBe('read');
    // nine eighths of the bound were passed: the first is forgotten, the most recent are known
    expect(await pass(page(8, size))).toBe('known');
    expect(await pass(page(2, size))).toBe('known');
    expect(await pass(page(0, size))).toBe('read');
    // more than a quarter of the bound: read every time
    const huge = page(99, Math.floor(REMEMBERED_BYTES / 3));
    expect([await pass(huge), await pass(huge)]).toEqual(['read', 'read']);
  });

  it('keeps a list answer by its entries, not whole: the same page again parses only the rest of the page, never the entries', async () => {
    const Ids = z.object({ items: z.array(z.object({ id: z.string().regex(/^a+$/) })), total: z.number().int() });
    const page = `{"items":[{"id":"${'a'.repeat(40)}"},{"id":"${'a'.repeat(41)}"}],"total":2}`;
    expect((await checkAnswer(answer(page), Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    const parse = vi.spyOn(JSON, 'parse');
    expect((await checkAnswer(answer(page), Ids, 'GET /v3/x', { forwardOnly: true })).status).toBe(200);
    expect(parse.mock.calls.map(([text]) => text)).toEqual(['{"items":[],"total":2}']);
  });

  it('reads an answer in many chunks whole, refuses one a byte over the cap and drops the rest of it', async () => {
    const good = '{"items":[{"id":"c"},{"id":"d"}],"total":2}';
    const chunked: UpstreamAnswer = { ...answer(good), body: Readable.from([...good].map((c) => Buffer.from(c))) };
    expect((await checkAnswer(chunked, List, 'GET /v3/x', { forwardOnly: true })).body.toString()).toBe(good);
    const mb = Buffer.alloc(1024 * 1024, 0x20);
    const chunks = [...Array.from({ length: MAX_JSON_BYTES / mb.length }, () => mb), Buffer.from(' '), mb];
    const over: UpstreamAnswer = { ...answer(''), body: Readable.from(chunks) };
    const refused = await checkAnswer(over, List, 'GET /v3/x', { forwardOnly: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect([(refused as HttpError).code, (refused as HttpError).log?.problem]).toEqual([
      'UPSTREAM_INVALID',
      `answer larger than ${MAX_JSON_BYTES} bytes`,
    ]);
    expect(over.body.destroyed).toBe(true);
    // a body that fails half-way fails the check (never a half answer forwarded)
    const cut: UpstreamAnswer = {
      ...answer(''),
      body: new Readable({
        read() {
          this.push(Buffer.from('{"items":'));
          this.destroy(new Error('socket hang up'));
        },
      }),
    };
    expect(await code(checkAnswer(cut, List, 'GET /v3/x', { forwardOnly: true }))).toBe('other');
  });

  it('reads the JSON every time for a caller that uses it', async () => {
    const good = '{"items":[{"id":"b"}],"total":1}';
    await checkAnswer(answer(good), List, 'GET /v3/x');
    expect((await checkAnswer(answer(good), List, 'GET /v3/x')).json).toEqual({ items: [{ id: 'b' }], total: 1 });
  });
});
