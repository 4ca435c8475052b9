import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ProjectListSchema } from '../../contract/projects.js';
import { projectFixture } from '../test/fixtures.js';
import { server } from '../test/server.js';
import { apiCall } from './api-client.js';

/**
 * Each yield to the browser counted (next-task.ts yields with `scheduler.yield` where the browser has
 * it), and a clock that moves 1 ms each time it is read: every item's check "takes" 1 ms.
 */
function slowBrowser() {
  const yields = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: yields });
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
  return yields;
}

const list = (n: number) => ({
  items: Array.from({ length: n }, (_, i) => projectFixture({ id: `2b7e1f40-8c3a-4d5e-9f6a-${String(i).padStart(12, '0')}` })),
  page: 1,
  pageSize: 100,
  total: n,
});

describe('a list answer is checked a few milliseconds a task at a time (issue 14: one 30 ms task on the project list)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('yields to the browser between slices of items, with exactly the result of checking the whole answer', async () => {
    const answer = list(60);
    server.use(http.get('/api/v3/projects', () => HttpResponse.json({ ...answer, unknownKey: 'dropped' })));
    const yields = slowBrowser();
    const got = await apiCall('GET', '/api/v3/projects', ProjectListSchema);
    expect(got).toEqual(ProjectListSchema.parse({ ...answer, unknownKey: 'dropped' }));
    expect(Object.keys(got)).toEqual(['items', 'page', 'pageSize', 'total']);
    // one yield before the check, then one every ~4 items at 1 ms each (one task before)
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses the answer when one item does not fit, as the whole check does, and when the rest does not', async () => {
    const answer = list(30);
    const bad = { ...answer, items: answer.items.map((p, i) => (i === 25 ? { ...p, status: 'not a status' } : p)) };
    server.use(http.get('/api/v3/projects', () => HttpResponse.json(bad)));
    slowBrowser();
    await expect(apiCall('GET', '/api/v3/projects', ProjectListSchema)).rejects.toMatchObject({ status: 200, code: 'UNKNOWN' });
    server.use(http.get('/api/v3/projects', () => HttpResponse.json({ ...answer, total: 'many' })));
    await expect(apiCall('GET', '/api/v3/projects', ProjectListSchema)).rejects.toMatchObject({ status: 200, code: 'UNKNOWN' });
  });

  it('checks an array with length rules (the work queue’s lines, at most a page) in slices too, its length first', async () => {
    const Lines = z.object({
      lines: z
        .array(z.object({ n: z.number().int() }))
        .min(1)
        .max(50),
      total: z.number().int(),
    });
    const lines = (n: number) => ({ total: n, lines: Array.from({ length: n }, (_, i) => ({ n: i, extra: 'dropped' })) });
    server.use(http.get('/api/lines', ({ request }) => HttpResponse.json(lines(Number(new URL(request.url).searchParams.get('n'))))));
    const yields = slowBrowser();
    await expect(apiCall('GET', '/api/lines?n=40', Lines)).resolves.toEqual(Lines.parse(lines(40)));
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(8);
    // the length rules as zod's: over the maximum, or empty under a minimum of 1, is refused
    await expect(apiCall('GET', '/api/lines?n=51', Lines)).rejects.toMatchObject({ status: 200, code: 'UNKNOWN' });
    await expect(apiCall('GET', '/api/lines?n=0', Lines)).rejects.toMatchObject({ status: 200, code: 'UNKNOWN' });
  });

  it('checks an answer at once when its array has a rule of another kind, or the object one of its own', async () => {
    const answer = { items: [1, 2, 3, 4, 5, 6, 7, 8], total: 8 };
    server.use(http.get('/api/x', () => HttpResponse.json(answer)));
    const refined = z.object({ items: z.array(z.number()).refine((a) => a.every((n) => n > 0)), total: z.number() });
    const own = z.object({ items: z.array(z.number()), total: z.number() }).refine((o) => o.items.length === o.total);
    const yields = slowBrowser();
    await expect(apiCall('GET', '/api/x', refined)).resolves.toEqual(answer);
    await expect(apiCall('GET', '/api/x', own)).resolves.toEqual(answer);
    // one yield each, before the check
    expect(yields.mock.calls.length).toBe(2);
  });
});
