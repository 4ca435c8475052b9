import { setupServer } from 'msw/node';

/**
 * The network as the web app's tests see it: every request is answered by a handler a test gives
 * (`server.use(http.get('/api/...', ...))`); one without a handler fails the test. `requests` lists
 * what was sent, in order, as "METHOD /path?query".
 */
export const server = setupServer();
export const requests: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
});

/** How many requests matched `method path` (the path without its query unless one is given). */
export const countOf = (method: string, path: string) =>
  requests.filter((r) => r === `${method} ${path}` || (!path.includes('?') && r.startsWith(`${method} ${path}?`))).length;
