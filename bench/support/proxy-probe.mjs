/**
 * A measuring probe preloaded into the server by the bench (BENCH_PROBE=1: `node --import
 * bench/support/proxy-probe.mjs ...`), never in production. Plain JavaScript: the compiled server runs
 * without tsx. It records, between two SIGWINCH (ignored by default; close-with-grace ends the server on SIGUSR2) (the first starts a window, the second writes the
 * window to PROBE_OUT as JSON and starts the next):
 *  - the event loop's delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution, in ns),
 *  - every garbage collection (PerformanceObserver 'gc': start, duration, kind),
 *  - per forwarded request (joined by x-request-id): when the server got it (http.server.request.start),
 *    when it asked the partner (undici:request:create), the partner's headers and the end of its
 *    body (undici:request:headers / :trailers), our first byte out (ServerResponse#writeHead) and
 *    the end of our answer (http.server.response.finish), in ms of performance.now().
 * Costs a few µs per request; the bench compares runs of the same probe only.
 */
import dc from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { PerformanceObserver, constants, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const out = process.env.PROBE_OUT ?? `/tmp/proxy-probe.${process.pid}.json`;
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
let windowStart = performance.now();
/** @type {{ start: number, duration: number, kind: number }[]} */
let gcs = [];
const KIND = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor (scavenge)',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major (mark-compact)',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, duration: e.duration, kind: e.detail?.kind ?? 0 });
}).observe({ entryTypes: ['gc'] });

/** Every answer of the window: when its request came (in), its first byte out, its end; its request id if it has one. */
let answers = [];
/** @type {Map<string, Record<string, number>>} the partner requests, by x-request-id */
let upstream = new Map();
const at = (id, field, t = performance.now()) => {
  if (!id) return;
  const r = upstream.get(id) ?? {};
  if (r[field] === undefined) r[field] = t;
  upstream.set(id, r);
};
const idOfUndici = (request) => {
  const h = request.headers;
  if (Array.isArray(h)) for (let i = 0; i < h.length; i += 2) if (String(h[i]).toLowerCase() === 'x-request-id') return String(h[i + 1]);
  return null;
};
const PROBE = Symbol('probe');

dc.subscribe('http.server.request.start', ({ response }) => {
  const r = { in: performance.now() };
  response[PROBE] = r;
  answers.push(r);
});
dc.subscribe('undici:request:create', ({ request }) => at(idOfUndici(request), 'up'));
dc.subscribe('undici:request:headers', ({ request }) => at(idOfUndici(request), 'head'));
dc.subscribe('undici:request:trailers', ({ request }) => at(idOfUndici(request), 'body'));
dc.subscribe('http.server.response.finish', ({ response }) => {
  const r = response[PROBE];
  if (r) r.end = performance.now();
});
const writeHead = ServerResponse.prototype.writeHead;
ServerResponse.prototype.writeHead = function (status, ...rest) {
  const r = this[PROBE];
  if (r && r.out === undefined) {
    r.out = performance.now();
    const headers = rest.find((x) => x && typeof x === 'object' && !Array.isArray(x));
    const id = headers?.['x-request-id'] ?? this.getHeader('x-request-id');
    if (id) r.id = String(id);
  }
  return writeHead.call(this, status, ...rest);
};

process.on('SIGWINCH', () => {
  const now = performance.now();
  const data = {
    from: windowStart,
    to: now,
    loop: {
      min: loop.min,
      mean: loop.mean,
      stddev: loop.stddev,
      max: loop.max,
      p50: loop.percentile(50),
      p90: loop.percentile(90),
      p99: loop.percentile(99),
      p999: loop.percentile(99.9),
      count: loop.count,
    },
    gcs: gcs.filter((g) => g.start >= windowStart).map((g) => ({ ...g, kind: KIND[g.kind] ?? String(g.kind) })),
    requests: answers.filter((r) => r.end !== undefined).map((r) => ({ ...(r.id ? upstream.get(r.id) : {}), ...r, id: undefined })),
  };
  writeFileSync(out, JSON.stringify(data));
  loop.reset();
  gcs = [];
  answers = answers.filter((r) => r.end === undefined);
  upstream = new Map();
  windowStart = now;
});
