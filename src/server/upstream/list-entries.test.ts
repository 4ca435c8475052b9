import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { OPERATION_ANSWERS } from '../../contract/responses.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { HttpError } from '../http-error.js';
import { checkAnswer } from './answers.js';
import type { UpstreamAnswer } from './client.js';
import { REMEMBERED_ENTRIES } from './list-entries.js';

let sb: TestSandbox;
/** Real projects of the sandbox (60 of them), as the partner writes them. */
let projects: Record<string, unknown>[] = [];
const Projects = OPERATION_ANSWERS.listProjects;

beforeAll(async () => {
  sb = await startSandbox({ now: () => new Date('2026-06-15T10:00:00Z'), seedScale: { projects: 60 } });
  projects = ((await sb.call('GET', '/v3/projects?pageSize=100')).body as { items: Record<string, unknown>[] }).items;
});
afterAll(() => sb.close());
afterEach(() => vi.restoreAllMocks());

const upstream = (body: string | Buffer): UpstreamAnswer => ({
  status: 200,
  header: (name) => (name === 'content-type' ? 'application/json; charset=utf-8' : null),
  body: Readable.from([typeof body === 'string' ? Buffer.from(body) : body]),
});
/** A page of the given projects as the partner writes it. */
const page = (items: unknown[], total = projects.length) => JSON.stringify({ items, page: 1, pageSize: items.length, total });
/** The verdict of the forwarding check, and the one of reading the answer whole with zod (what the check must agree with). */
const forwarded = (body: string | Buffer, schema: z.ZodType = Projects) =>
  checkAnswer(upstream(body), schema, 'GET /v3/projects', { forwardOnly: true }).then(
    () => 'passed',
    (e: unknown) => (e instanceof HttpError ? `${e.code} ${String(e.log?.problem)}` : 'other'),
  );
const byZod = (body: string | Buffer, schema: z.ZodType = Projects) => {
  let value: unknown;
  try {
    value = JSON.parse(body.toString());
  } catch {
    return 'UPSTREAM_INVALID malformed JSON';
  }
  return schema.safeParse(value).success ? 'passed' : 'UPSTREAM_INVALID does not match the contract';
};

describe('a list answer judged entry by entry (list-entries.ts)', () => {
  it('does not read again the entries it saw on other pages: only the new ones and the rest of the page are parsed', async () => {
    expect(projects.length).toBe(60);
    expect(await forwarded(page(projects.slice(0, 20)))).toBe('passed');
    const parse = vi.spyOn(JSON, 'parse');
    // the next page shifted by ten (a new project, another page size): ten known, ten new
    expect(await forwarded(page(projects.slice(10, 30)))).toBe('passed');
    const parsed = parse.mock.calls.map(([text]) => text);
    expect(parsed.slice(0, 10)).toEqual(projects.slice(20, 30).map((p) => JSON.stringify(p)));
    expect(parsed.slice(10)).toEqual([`{"items":[],"page":1,"pageSize":20,"total":60}`]);
    // every entry known: the page is judged without parsing any of them
    parse.mockClear();
    expect(await forwarded(page(projects.slice(5, 25), 61))).toBe('passed');
    expect(parse.mock.calls.map(([text]) => text)).toEqual([`{"items":[],"page":1,"pageSize":20,"total":61}`]);
  });

  it('agrees with zod on every change of a page of known entries: 4,000 bytes deleted, doubled or replaced', async () => {
    const original = JSON.stringify({ items: projects.slice(30, 45), page: 2, pageSize: 15, total: 60 }, null, 1);
    expect(await forwarded(original)).toBe('passed');
    const replacements = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', '1', 'a', 'é', '\u0000'];
    let seed = 13;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const disagree: string[] = [];
    const verdicts = new Map<string, number>();
    for (let k = 0; k < 4000; k++) {
      const at = random(original.length);
      const how = random(replacements.length + 2);
      const changed =
        how === 0
          ? original.slice(0, at) + original.slice(at + 1)
          : how === 1
            ? original.slice(0, at) + original.slice(at, at + 1) + original.slice(at)
            : original.slice(0, at) + (replacements[how - 2] as string) + original.slice(at + 1);
      const [got, want] = [await forwarded(changed), byZod(changed)];
      verdicts.set(want, (verdicts.get(want) ?? 0) + 1);
      if (got !== want) disagree.push(`${at} ${how}: ${got} vs ${want}`);
    }
    expect(disagree).toEqual([]);
    // each kind of verdict came up often
    expect(Math.min(...verdicts.values())).toBeGreaterThan(200);
    expect(verdicts.size).toBe(3);
  });

  it('agrees with zod on the shapes a byte scan could misread: field order, spaces, a field named twice or with escapes, trailing bytes', async () => {
    const known = projects.slice(45, 48);
    expect(await forwarded(page(known))).toBe('passed');
    const [a, b] = known.map((p) => JSON.stringify(p)) as [string, string];
    const bad = JSON.stringify({ ...projects[48], status: 999 });
    const cases = [
      `{"page":1,"pageSize":2,"items":[${a},${b}],"total":60}`,
      ` \n{ "items" : [ ${a} ,\n\t${b} ] , "page" : 1 , "pageSize" : 2 , "total" : 60 }\r\n`,
      `{"items":[],"page":1,"pageSize":0,"total":0}`,
      `{"items":null,"page":1,"pageSize":0,"total":0}`,
      `{"items":[${a},${bad}],"page":1,"pageSize":2,"total":60}`,
      // the last field of a name wins in JSON.parse (and in the browser)
      `{"items":[${a}],"items":[${bad}],"page":1,"pageSize":2,"total":60}`,
      `{"items":[${bad}],"items":[${a}],"page":1,"pageSize":2,"total":60}`,
      `{"it\\u0065ms":[${bad}],"page":1,"pageSize":1,"total":60}`,
      `{"items":[${a}],"it\\u0065ms":[${bad}],"page":1,"pageSize":1,"total":60}`,
      `{"it\\u0065ms":[${bad}],"items":[${a}],"page":1,"pageSize":1,"total":60}`,
      `{"items":[${a}],"page":1,"pageSize":2,"total":60}x`,
      `{"items":[${a}],"page":1,"pageSize":2,"total":60}}`,
      `\ufeff{"items":[${a}],"page":1,"pageSize":1,"total":60}`,
      `{"items":[${a}${b}],"page":1,"pageSize":2,"total":60}`,
      `{"items":[${a},],"page":1,"pageSize":2,"total":60}`,
      `{"items":[${a}],"page":1,"pageSize":2,"total":60.5}`,
      `{"items":[${a}],"page":1,"pageSize":2}`,
      `{"items":[${a}}],"page":1,"pageSize":2,"total":60}`,
      `{"items":[${a.slice(0, -1)}],"page":1,"pageSize":2,"total":60}`,
      `{"items":[[${a}]],"page":1,"pageSize":2,"total":60}`,
      `{"x":"\\"items\\":[","items":[${a}],"page":1,"pageSize":1,"total":60}`,
      `{"x":"\\\\","items":[${b}],"page":1,"pageSize":1,"total":60}`,
      `{"x":{"items":[${bad}]},"items":[${b}],"page":1,"pageSize":1,"total":60}`,
      `{"items":[${a}],"page":1,"pageSize":1,"total":1e400}`,
      `{"items":[${a}`,
      `{"items":[`,
      `{"items"`,
      '',
    ];
    const verdicts: [string, string][] = [];
    for (const body of cases) verdicts.push([await forwarded(body), byZod(body)]);
    expect(verdicts.map(([got]) => got)).toEqual(verdicts.map(([, want]) => want));
    expect(verdicts.filter(([got]) => got === 'passed').length).toBe(8);
  });

  it('keeps its own copy of an entry: bytes changed later in the buffer it came in are judged again', async () => {
    const entries = projects.slice(50, 52);
    const chunk = Buffer.from(page(entries));
    const first: UpstreamAnswer = { ...upstream(''), body: Readable.from([chunk]) };
    expect((await checkAnswer(first, Projects, 'GET /v3/projects', { forwardOnly: true })).status).toBe(200);
    // the socket's buffer reused, say: the first entry's userId broken in place (past the bytes it is looked up by)
    const userId = String(entries[0]?.userId);
    expect(chunk.indexOf(userId)).toBeGreaterThan(40);
    chunk.write('zzzzzzzz', chunk.indexOf(userId) + 24);
    const broken = chunk.toString();
    expect(byZod(broken)).toBe('UPSTREAM_INVALID does not match the contract');
    // another page with the broken entry in it (not the same bytes as any page seen)
    const other = broken.replace('"total":60', '"total":61');
    expect(await forwarded(other)).toBe('UPSTREAM_INVALID does not match the contract');
  });

  it('remembers a bounded number of entries, and of versions of one entry: the oldest are read again', async () => {
    const List = z.object({ items: z.array(z.object({ id: z.string().regex(/^[a-z0-9]+$/) })), total: z.number().int() });
    const entry = (n: number, version = 'a') => ({ id: `${String(n).padStart(5, '0')}${'a'.repeat(40)}${version}` });
    const parse = vi.spyOn(JSON, 'parse');
    /** Passes a page of these entries; true when any of them was parsed (not known). */
    const read = async (items: { id: string }[], total: number) => {
      parse.mockClear();
      expect(await forwarded(JSON.stringify({ items, total }), List)).toBe('passed');
      return parse.mock.calls.length > 1;
    };
    const pages = Math.ceil((REMEMBERED_ENTRIES + 100) / 100);
    for (let p = 0; p < pages; p++)
      await read(
        Array.from({ length: 100 }, (_, k) => entry(p * 100 + k)),
        p,
      );
    expect(await read([entry(pages * 100 - 1)], -1)).toBe(false);
    expect(await read([entry(0)], -1)).toBe(true);
    // twenty versions of one entry (the same first bytes): the latest known, the first forgotten
    const versions = 'bcdefghijklmnopqrstu';
    for (const v of versions) expect(await read([entry(7, v)], -2)).toBe(true);
    expect(await read([entry(7, 'u')], -3)).toBe(false);
    expect(await read([entry(7, 'b')], -3)).toBe(true);
  });
});
