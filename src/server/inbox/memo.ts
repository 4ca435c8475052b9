interface Entry<T> {
  at: number;
  value: Promise<T>;
  settled: boolean;
  refreshing: boolean;
}

/**
 * A short-lived cache of pending or settled loads, by key. Concurrent readers of a key share one
 * load; a failed load is forgotten. Past `ttlMs` a settled value is still answered while a
 * fresh one loads in the background (stale-while-revalidate), up to `maxStaleMs`; `delete` (a
 * change we know of) makes the next reader wait for a fresh load, and a background load that
 * finishes after a delete is dropped.
 */
export class Memo<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxStaleMs = ttlMs * 5,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < this.ttlMs) return hit.value;
    if (hit?.settled && age < this.maxStaleMs) {
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value;
    }
    return this.start(key, load);
  }

  private start(key: string, load: () => Promise<T>): Promise<T> {
    const entry: Entry<T> = { at: Date.now(), value: load(), settled: false, refreshing: false };
    this.entries.set(key, entry);
    entry.value.then(
      () => (entry.settled = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.refreshing = true;
    load().then(
      (v) => {
        if (this.entries.get(key) === stale)
          this.entries.set(key, { at: Date.now(), value: Promise.resolve(v), settled: true, refreshing: false });
      },
      () => (stale.refreshing = false),
    );
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every key that starts with the prefix (all of them without one). */
  clear(prefix = ''): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
