/**
 * The open event streams of each session: sign-out closes them at once, and a session may hold
 * at most MAX_STREAMS_PER_SESSION (a browser opens one per tab and keeps at most 6 connections
 * per site over HTTP/1.1, so more is not a real user).
 */
export const MAX_STREAMS_PER_SESSION = 6;

export class StreamRegistry {
  private readonly bySession = new Map<string, Set<() => void>>();

  constructor(private readonly max = MAX_STREAMS_PER_SESSION) {}

  /** Registers a stream's closer; null when the session already holds the maximum. Answers the unregister. */
  open(session: string, close: () => void): (() => void) | null {
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
}
