import { json } from 'node:stream/consumers';
import { DAY_MS, daysBetween, partnerToday } from '../../contract/dates.js';
import type { Upstream } from './client.js';

const HOUR_MS = 3_600_000;

/**
 * "Today" and "now" as the partner sees them: the sandbox clock in sandbox mode (read from the
 * sandbox, cached briefly), the real date live. Every date the dashboard writes (the inbox's
 * "updated", a statement's "generated", a file's name) comes from here, so a moved sandbox clock
 * never shows two dates on one screen.
 */
export class TodayProvider {
  private cached: { value: string; at: number; offsetDays: number } | null = null;

  constructor(
    private readonly mode: 'sandbox' | 'live',
    private readonly upstream: Upstream,
    private readonly ttlMs = 5_000,
    /** The real clock (tests give theirs). */
    private readonly realNow: () => number = Date.now,
  ) {}

  async today(requestId: string): Promise<string> {
    return (await this.read(requestId)).value;
  }

  /**
   * The current instant on the partner's clock: the real one moved by whole days so that its day in
   * Paris is the partner's today (the sandbox's, which counts its days in UTC, in sandbox mode), also
   * just after midnight in Paris, when the sandbox's UTC day has not turned yet.
   */
  async now(requestId: string): Promise<Date> {
    const { value, offsetDays } = await this.read(requestId);
    let at = this.realNow() + offsetDays * DAY_MS;
    // whole days moved across a change of Paris's summer time land an hour off, late in the evening
    // on the next day: back onto the partner's day, an hour at a time
    while (partnerToday(new Date(at)) > value) at -= HOUR_MS;
    while (partnerToday(new Date(at)) < value) at += HOUR_MS;
    return new Date(at);
  }

  /**
   * Moves a real instant (ms) onto the partner's clock as `now` is moved: what the dashboard timed
   * itself (a read from the partner, a sync pass) then reads against the partner's now, as long ago
   * as it really was. A clock move re-reads everything (sync), so no such time predates the move.
   */
  async onPartnerClock(requestId: string): Promise<(realMs: number) => number> {
    const { offsetDays } = await this.read(requestId);
    return (realMs) => realMs + offsetDays * DAY_MS;
  }

  private async read(requestId: string): Promise<{ value: string; offsetDays: number }> {
    // live: the partner's calendar day (Paris), so a date it would refuse as "in the future" is refused here too
    const real = { value: partnerToday(new Date(this.realNow())), offsetDays: 0 };
    if (this.mode === 'live') return real;
    if (this.cached && this.realNow() - this.cached.at < this.ttlMs) return this.cached;
    try {
      const res = await this.upstream.request({ method: 'GET', path: '/sandbox/clock', requestId, idempotent: true });
      const body = (await json(res.body)) as { today?: unknown };
      if (typeof body.today === 'string') {
        const at = this.realNow();
        this.cached = { value: body.today, at, offsetDays: daysBetween(partnerToday(new Date(at)), body.today) };
        return this.cached;
      }
    } catch {
      // fall back to the real date: the sandbox re-checks every date rule anyway
    }
    return real;
  }

  invalidate(): void {
    this.cached = null;
  }
}
