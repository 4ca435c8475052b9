import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MAX } from '../../contract/limits.js';
import { OPERATION_ANSWERS } from '../../contract/responses.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { HttpError } from '../http-error.js';
import { MAX_JSON_BYTES, checkAnswer } from './answers.js';
import type { UpstreamAnswer } from './client.js';

const answer = (body: string, contentType = 'application/json', status = 200): UpstreamAnswer => ({
  status,
  header: (name) => (name === 'content-type' ? contentType : null),
  body: Readable.from([Buffer.from(body)]),
});
const List = z.object({ items: z.array(z.object({ id: z.string() })), total: z.number().int() });
/** What the caller sees: 'passed', or the error's code and, for UPSTREAM_INVALID, the logged problem. */
const verdict = (p: Promise<unknown>) =>
  p.then(
    () => 'passed',
    (e: unknown) => (e instanceof HttpError ? [e.code, e.log?.problem].filter(Boolean).join(': ') : 'other'),
  );

describe('checking a partner answer', () => {
  it('passes an answer that matches the contract with its bytes unchanged, and gives the schema’s output', async () => {
    const good = '{ "total" : 1, "items":[{"id":"a"}] }';
    const res = await checkAnswer(answer(good), List, 'GET /v3/x');
    expect([res.status, res.body.toString(), res.json]).toEqual([200, good, { items: [{ id: 'a' }], total: 1 }]);
  });

  it('refuses, with what is wrong, an answer that is not JSON, not the contract’s shape, or HTML', async () => {
    const good = '{"items":[{"id":"a"}],"total":1}';
    expect(await verdict(checkAnswer(answer('{"items":[{"id":1}],"total":1}'), List, 'GET /v3/x'))).toBe(
      'UPSTREAM_INVALID: does not match the contract',
    );
    expect(await verdict(checkAnswer(answer('{"items":[{"id":"a"}],"total":1'), List, 'GET /v3/x'))).toBe(
      'UPSTREAM_INVALID: malformed JSON',
    );
    expect(await verdict(checkAnswer(answer(good, 'text/html'), List, 'GET /v3/x'))).toBe('UPSTREAM_INVALID: not JSON');
    expect(await verdict(checkAnswer(answer(good), z.object({ name: z.string() }), 'GET /v3/y'))).toBe(
      'UPSTREAM_INVALID: does not match the contract',
    );
    // JSON.parse reads an overlong number as Infinity: not a number the contract accepts
    expect(await verdict(checkAnswer(answer('{"items":[],"total":1e400}'), List, 'GET /v3/x'))).toBe(
      'UPSTREAM_INVALID: does not match the contract',
    );
    const refused = await checkAnswer(answer('{"items":[{"id":1}],"total":1}'), List, 'GET /v3/x').catch((e: unknown) => e);
    expect((refused as HttpError).log?.issues).toEqual(['items.0.id: Invalid input: expected string, received number']);
  });

  it('tells a refused token apart from a partner error the user may see', async () => {
    const envelope = (code: string) => JSON.stringify({ code, message: 'no', requestId: 'r1' });
    expect(await verdict(checkAnswer(answer('', 'text/plain', 401), List, 'GET /v3/x'))).toBe('UPSTREAM_AUTH');
    expect(await verdict(checkAnswer(answer(envelope('E0001'), 'application/json', 403), List, 'GET /v3/x'))).toBe('UPSTREAM_AUTH');
    const foreign = await checkAnswer(answer(envelope('E0015'), 'application/json', 403), List, 'GET /v3/x');
    expect([foreign.status, foreign.json]).toEqual([403, { code: 'E0015', message: 'no', requestId: 'r1' }]);
    expect(await verdict(checkAnswer(answer('{"oops":1}', 'application/json', 404), List, 'GET /v3/x'))).toBe(
      'UPSTREAM_INVALID: error answer without the error envelope',
    );
    expect(await verdict(checkAnswer(answer('', 'text/html', 302), List, 'GET /v3/x'))).toBe('UPSTREAM_INVALID: unexpected status');
  });

  it('passes a PDF only when it is one', async () => {
    expect((await checkAnswer(answer('%PDF-1.7 …', 'application/pdf'), 'pdf', 'GET /v3/c')).contentType).toBe('application/pdf');
    expect(await verdict(checkAnswer(answer('<html>', 'application/pdf'), 'pdf', 'GET /v3/c'))).toBe('UPSTREAM_INVALID: not a PDF');
    expect(await verdict(checkAnswer(answer('%PDF-1.7', 'text/html'), 'pdf', 'GET /v3/c'))).toBe('UPSTREAM_INVALID: not a PDF');
  });

  it('reads an answer in many chunks whole, refuses one a byte over the cap and drops the rest of it', async () => {
    const good = '{"items":[{"id":"c"},{"id":"d"}],"total":2}';
    const chunked: UpstreamAnswer = { ...answer(good), body: Readable.from([...good].map((c) => Buffer.from(c))) };
    expect((await checkAnswer(chunked, List, 'GET /v3/x')).body.toString()).toBe(good);
    const mb = Buffer.alloc(1024 * 1024, 0x20);
    const chunks = [...Array.from({ length: MAX_JSON_BYTES / mb.length }, () => mb), Buffer.from(' '), mb];
    const over: UpstreamAnswer = { ...answer(''), body: Readable.from(chunks) };
    expect(await verdict(checkAnswer(over, List, 'GET /v3/x'))).toBe(`UPSTREAM_INVALID: answer larger than ${MAX_JSON_BYTES} bytes`);
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
    expect(await verdict(checkAnswer(cut, List, 'GET /v3/x'))).toBe('other');
  });
});

describe('the sandbox’s real answers against the contract', () => {
  let sb: TestSandbox;
  let projects: { items: Record<string, unknown>[] };
  beforeAll(async () => {
    sb = await startSandbox({ now: () => new Date('2026-06-15T10:00:00Z') });
    projects = (await sb.call('GET', '/v3/projects?pageSize=100')).body as typeof projects;
  });
  afterAll(() => sb.close());
  const json = (value: unknown) => answer(JSON.stringify(value), 'application/json; charset=utf-8');
  const withFirst = (change: (p: Record<string, unknown>) => void) => {
    const copy = structuredClone(projects);
    change(copy.items[0] as Record<string, unknown>);
    return copy;
  };

  it('passes a page of projects and a claim’s timeline as they came', async () => {
    const bytes = JSON.stringify(projects, null, 1);
    const page = await checkAnswer(answer(bytes), OPERATION_ANSWERS.listProjects, 'GET /v3/projects');
    expect(page.body.equals(Buffer.from(bytes))).toBe(true);
    const claims = (await sb.call('GET', '/v1/claims?pageSize=1')).body as { items: { id: string }[] };
    const debts = (await sb.call('GET', `/v1/claims/${claims.items[0]?.id}/rentaldebts`)).body;
    expect((await checkAnswer(json(debts), OPERATION_ANSWERS.listRentalDebts, 'GET /v1/claims/x/rentaldebts')).status).toBe(200);
  });

  it('refuses a page of projects with an overlong name, an unknown status, a missing field or an impossible date', async () => {
    const broken = [
      withFirst((p) => ((p.profile as Record<string, unknown>).firstName = 'É'.repeat(TEXT_MAX.name + 1))),
      withFirst((p) => (p.status = 999)),
      withFirst((p) => delete (p.profile as Record<string, unknown>).email),
      withFirst((p) => ((p.profile as Record<string, unknown>).dateOfBirth = '2023-02-29')),
    ];
    for (const page of broken)
      expect(await verdict(checkAnswer(json(page), OPERATION_ANSWERS.listProjects, 'GET /v3/projects'))).toBe(
        'UPSTREAM_INVALID: does not match the contract',
      );
  });
});
