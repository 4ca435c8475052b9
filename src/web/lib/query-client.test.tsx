import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countOf, server } from '../test/server.js';
import { apiCall } from './api-client.js';
import { createQueryClient } from './query-client.js';

/** A read through the app's query client, as a hook does it (no delay between tries, so the test is quick). */
async function read() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => useQuery({ queryKey: ['x'], queryFn: () => apiCall('GET', '/api/x', z.object({ ok: z.boolean() })), retryDelay: 0 }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.isFetching).toBe(false));
  return result.current;
}

const failing = (status: number) =>
  http.get('/api/x', () =>
    HttpResponse.json({ code: status === 404 ? 'E0177' : 'UPSTREAM_UNAVAILABLE', message: '', requestId: 'r' }, { status }),
  );

describe('the query client retries what may pass on a second try, never a refusal', () => {
  it('does not retry a 4xx: the answer will not change', async () => {
    server.use(failing(404));
    expect((await read()).error).toMatchObject({ status: 404 });
    expect(countOf('GET', '/api/x')).toBe(1);
  });

  it('retries a 5xx twice, then shows the error', async () => {
    server.use(failing(502));
    expect((await read()).error).toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE' });
    expect(countOf('GET', '/api/x')).toBe(3);
  });

  it('retries a network failure, and takes the answer of the try that passes', async () => {
    let tries = 0;
    server.use(http.get('/api/x', () => (++tries === 1 ? HttpResponse.error() : HttpResponse.json({ ok: true }))));
    expect((await read()).data).toEqual({ ok: true });
    expect(countOf('GET', '/api/x')).toBe(2);
  });
});
