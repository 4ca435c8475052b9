import { HttpResponse } from 'msw';
import { ruleText, type RuleRef } from '../../contract/rules.js';
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

/** The server's answer to a body it refuses (INVALID_REQUEST) for one field, as the dashboard server words it (its English and the rule's key). */
export const invalidRequest = (path: string, rule: RuleRef) =>
  HttpResponse.json(
    { code: 'INVALID_REQUEST', message: 'Invalid request', requestId: 'req-1', details: [{ path, message: ruleText(rule), rule }] },
    { status: 400 },
  );

/** A handler that keeps each JSON body it receives in `bodies` and answers `answer()`. */
export const recording =
  (bodies: unknown[], answer: () => Response) =>
  async ({ request }: { request: Request }): Promise<Response> => {
    bodies.push(await request.json());
    return answer();
  };
