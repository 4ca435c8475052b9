import type { z } from 'zod';
import { HttpError } from '../http-error.js';
import { checkAnswer } from './answers.js';
import type { Upstream } from './client.js';
import { PAGE_SIZE, walkPages, type ListPage } from './pages.js';

/** A GET the server makes on its own behalf (inbox, exports, scope): 200 and a body the schema accepts, or an error. */
export async function readJson<T>(upstream: Upstream, path: string, requestId: string, schema: z.ZodType<T>): Promise<T> {
  const what = `GET ${path.split('?')[0] ?? ''}`;
  const res = await checkAnswer(await upstream.request({ method: 'GET', path, requestId, idempotent: true }), schema, what);
  if (res.status < 200 || res.status >= 300) {
    const code = (res.json as { code: string }).code;
    throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${code} to ${what}.`, undefined, {
      upstream: what,
      upstreamStatus: res.status,
      upstreamCode: code,
    });
  }
  return res.json as T;
}

/** Every page of a paginated list (PAGE_SIZE a page), yielded as they arrive so callers can stream. */
export async function* readPages<T>(
  upstream: Upstream,
  path: string,
  query: URLSearchParams,
  requestId: string,
  schema: z.ZodType<ListPage<T>>,
): AsyncGenerator<T[]> {
  const read = (page: number) => {
    const q = new URLSearchParams(query);
    q.set('page', String(page));
    q.set('pageSize', String(PAGE_SIZE));
    return readJson(upstream, `${path}?${q.toString()}`, requestId, schema);
  };
  for await (const { list } of walkPages(read)) yield list.items;
}

/** Every item of a paginated list. */
export async function readAll<T>(
  upstream: Upstream,
  path: string,
  query: URLSearchParams,
  requestId: string,
  schema: z.ZodType<ListPage<T>>,
): Promise<T[]> {
  const all: T[] = [];
  for await (const items of readPages(upstream, path, query, requestId, schema)) all.push(...items);
  return all;
}
