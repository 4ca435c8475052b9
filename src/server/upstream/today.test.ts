import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPartnerInstant } from '../../contract/date-format.js';
import { Upstream } from './client.js';
import { TodayProvider } from './today.js';

let sandbox: Server;
let sandboxDay = '2031-02-14';
let upstream: Upstream;
beforeAll(async () => {
  sandbox = createServer(
    (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ today: sandboxDay })),
  );
  await new Promise<void>((r) => sandbox.listen(0, '127.0.0.1', r));
  upstream = new Upstream({ baseUrl: `http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`, token: 't', timeoutMs: 2000 });
});
afterAll(() => sandbox.close());

describe('the partner’s now', () => {
  it('in sandbox mode, said in Paris, is on the sandbox’s day, also just after midnight in Paris', async () => {
    for (const [real, said] of [
      ['2026-12-07T15:13:43Z', '14 février 2031 à 16:13:43'],
      // 00:30 in Paris on the 8th, while the sandbox (UTC) still says its day
      ['2026-12-07T23:30:00Z', '14 février 2031 à 00:30:00'],
      // 01:30 in Paris in summer (the day moved to is in winter: its hour is winter's)
      ['2026-07-07T23:30:00Z', '14 février 2031 à 00:30:00'],
    ] as const) {
      const today = new TodayProvider('sandbox', upstream, 5000, () => Date.parse(real));
      expect(await today.today('r')).toBe('2031-02-14');
      expect(formatPartnerInstant(await today.now('r'), 'fr'), real).toBe(said);
    }
  });

  it('in sandbox mode, stays on the sandbox’s day when that day is in summer time and the real one in winter', async () => {
    sandboxDay = '2026-06-15';
    try {
      for (const [real, said] of [
        // 23:10 in Paris in winter: the same hour on a summer day is still that day
        ['2026-12-07T22:10:00Z', '15 juin 2026 à 23:10:00'],
        // earlier in the day the instant moves by whole days, so its hour is summer's
        ['2026-12-07T15:13:43Z', '15 juin 2026 à 17:13:43'],
      ] as const) {
        const today = new TodayProvider('sandbox', upstream, 5000, () => Date.parse(real));
        expect(formatPartnerInstant(await today.now('r'), 'fr'), real).toBe(said);
      }
    } finally {
      sandboxDay = '2031-02-14';
    }
  });

  it('live, is the real instant, said in Paris', async () => {
    const today = new TodayProvider('live', upstream, 5000, () => Date.parse('2026-12-07T23:30:00Z'));
    expect(await today.today('r')).toBe('2026-12-08');
    expect(formatPartnerInstant(await today.now('r'), 'en')).toBe('8 December 2026 at 00:30:00');
  });
});
