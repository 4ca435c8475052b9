/**
 * The partner-call budget of the sync (SYNC_CALLS_PER_MINUTE), a token bucket refilled evenly
 * over the minute: the reconciliation waits for a token before each call; a sync asked by a
 * webhook or a write, and the initial sync, spend one at once (they must not wait behind a pass),
 * so the pass slows down by as much. The debt is capped at one minute's budget: a burst (the
 * initial sync of 20,000 projects, a flood of events) holds the passes back a minute at most,
 * not the hour it would take to pay back.
 */
export class CallBudget {
  private tokens: number;
  private last: number;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = Math.min(perMinute, 10);
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.perMinute, this.tokens + ((t - this.last) * this.perMinute) / 60_000);
    this.last = t;
  }

  /** Spends a token now, even into debt (a pass waits until it is paid back), of one minute's budget at most. */
  spend(): void {
    this.refill();
    this.tokens = Math.max(-this.perMinute, this.tokens - 1);
  }

  /** Waits for a token, then spends it; false when stopped meanwhile. */
  async take(stopped: () => boolean): Promise<boolean> {
    for (;;) {
      if (stopped()) return false;
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return true;
      }
      const wait = Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
      await new Promise((r) => setTimeout(r, Math.min(wait, 1_000)));
    }
  }
}
