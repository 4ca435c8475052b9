/** One frame of the server's event stream (`/api/events`): its SSE id, event name and data, as sent. */
export interface Frame {
  id: string | undefined;
  /** The frame's `event:` ('message' when it names none, as EventSource has it). */
  event: string;
  /** Its `data:` lines, joined by a newline. */
  data: string;
}

export interface EventStream {
  status: number;
  /** Every frame received so far, in order. */
  frames: Frame[];
  /** True once the server has ended the stream. */
  ended: boolean;
  /**
   * Reads on until a frame received so far matches, and answers it; null when `ms` pass or the
   * stream ends first (nothing read is lost: a later call carries on from where this one stopped).
   */
  until(match: (f: Frame) => boolean, ms?: number): Promise<Frame | null>;
  /** Closes the stream from the client's side. */
  close(): void;
}

/**
 * Opens a server-sent events stream as a browser tab does, and reads it frame by frame: the one
 * reader of the server's tests (replicas, restarts, following, hardening, webhooks).
 */
export async function openEventStream(url: string, o: { cookie?: string; headers?: Record<string, string> } = {}): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers }, signal: controller.signal });
  const frames: Frame[] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // one read at a time: a read still pending when a wait gave up is the next wait's
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const stream: EventStream = {
    status: res.status,
    frames,
    ended: reader === undefined,
    async until(match, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (stream.ended || !reader || left <= 0) return null;
        pending ??= reader.read().catch(() => ({ done: true, value: undefined }) as const);
        const r = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (r === null) continue;
        pending = undefined;
        if (r.done) {
          stream.ended = true;
          continue;
        }
        buffer += decoder.decode(r.value, { stream: true });
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, i).split('\n');
          buffer = buffer.slice(i + 2);
          const field = (name: string) => lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
          const data = field('data');
          const event = field('event')[0];
          // (a comment line alone, the keep-alive, is no frame)
          if (data.length > 0 || event !== undefined) frames.push({ id: field('id')[0], event: event ?? 'message', data: data.join('\n') });
        }
      }
    },
    close: () => controller.abort(),
  };
  return stream;
}
