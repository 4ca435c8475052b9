import { DAY_MS, addDays, daysBetween, todayUtc } from '../contract/dates.js';
import { one, run, type Db } from './db/database.js';

/** The sandbox's "today": the real date plus an offset kept in the database (survives restarts). */
export class Clock {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private offset(): number {
    const row = one<{ value: string }>(this.db, "SELECT value FROM meta WHERE key = 'clock_offset_days'");
    return row ? Number(row.value) : 0;
  }

  /** The real date, without the offset. */
  realToday(): string {
    return todayUtc(this.now());
  }

  today(): string {
    return addDays(todayUtc(this.now()), this.offset());
  }

  /** Current instant on the sandbox clock, as an ISO timestamp. */
  timestamp(): string {
    const real = this.now();
    return new Date(real.getTime() + this.offset() * DAY_MS).toISOString();
  }

  set(today: string): void {
    this.setOffset(daysBetween(todayUtc(this.now()), today));
  }

  advance(days: number): void {
    this.setOffset(this.offset() + days);
  }

  reset(): void {
    this.setOffset(0);
  }

  private setOffset(days: number): void {
    run(
      this.db,
      "INSERT INTO meta (key, value) VALUES ('clock_offset_days', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      String(days),
    );
  }
}
