/**
 * The open event streams of each session: sign-out closes them at once, and a session may hold
 * at most MAX_STREAMS_PER_SESSION (a browser opens one per tab and keeps at most 6 connections
 * per site over HTTP/1.1, so more is not a real user).
 */
export const MAX_STREAMS_PER_SESSION = 6;

/** Ends a stream; `parting` is written first (the shutdown's retry hint). */
export type StreamCloser = (parting?: string) => void;

export class StreamRegistry {
  private readonly bySession = new Map<string, Set<StreamCloser>>();

  constructor(private readonly max = MAX_STREAMS_PER_SESSION) {}

  /** Registers a stream's closer; null when the session already holds the maximum. Answers the unregister. */
  open(session: string, close: StreamCloser): (() => void) | null {
    const set = this.bySession.get(session) ?? new Set();
    if (set.size >= this.max) return null;
    set.add(close);
    this.bySession.set(session, set);
    return () => {
      set.delete(close);
      if (set.size === 0 && this.bySession.get(session) === set) this.bySession.delete(session);
    };
  }

  /** Closes every stream of a session (sign-out). */
  closeSession(session: string): void {
    for (const close of [...(this.bySession.get(session) ?? [])]) close();
    this.bySession.delete(session);
  }

  count(session: string): number {
    return this.bySession.get(session)?.size ?? 0;
  }

  /** Every open stream (the metrics' gauge). */
  total(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }

  /**
   * Shutdown: ends every stream after telling the browser to reconnect in `retryMs` (SSE
   * `retry:`), which then reaches another replica or this one restarted, and resumes with
   * Last-Event-ID.
   */
  closeAll(retryMs: number): void {
    for (const set of [...this.bySession.values()]) for (const close of [...set]) close(`retry: ${retryMs}\n\n`);
    this.bySession.clear();
  }
}
