import { json } from 'node:stream/consumers';
import { todayUtc } from '../../contract/dates.js';
import type { Upstream } from './client.js';

/** "Today" for date rules: the sandbox clock in sandbox mode (cached briefly), the real date live. */
export class TodayProvider {
  private cached: { value: string; at: number } | null = null;

  constructor(
    private readonly mode: 'sandbox' | 'live',
    private readonly upstream: Upstream,
    private readonly ttlMs = 5_000,
  ) {}

  async today(requestId: string): Promise<string> {
    if (this.mode === 'live') return todayUtc();
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.value;
    try {
      const res = await this.upstream.request({ method: 'GET', path: '/sandbox/clock', requestId, idempotent: true });
      const body = (await json(res.body)) as { today?: unknown };
      if (typeof body.today === 'string') {
        this.cached = { value: body.today, at: Date.now() };
        return body.today;
      }
    } catch {
      // fall back to the real date: the sandbox re-checks every date rule anyway
    }
    return todayUtc();
  }

  invalidate(): void {
    this.cached = null;
  }
}
