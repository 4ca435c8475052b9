/** The browser's EventSource, as the server's stream would drive it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static current: FakeEventSource | null = null;
  static opened = 0;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (m: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.current = this;
    FakeEventSource.opened++;
  }
  addEventListener(type: string, fn: (m: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    if (FakeEventSource.current === this) FakeEventSource.current = null;
  }
  /** The server answers a reconnect with something other than a stream (401 after sign-out): the browser gives up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  emit(data: unknown) {
    this.emitAs('partner', data);
  }
  /** An event of another name on the same stream (`notifications`: the reader's unread count). */
  emitAs(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}
