/**
 * Bytes that passed a check, kept as copies of their own (never a view of a socket's buffer), found
 * by a lookup key and then compared byte for byte by the caller; the least recently seen forgotten
 * first past `maxCount` kept or `maxBytes` bytes. The memory of whole answers (answers.ts) and of a
 * list's entries (list-entries.ts).
 */
export class ByteMemory<K> {
  private readonly byKey = new Map<K, Buffer[]>();
  /** Least recently seen first. */
  private readonly order = new Map<Buffer, K>();
  private bytes = 0;

  constructor(
    private readonly maxCount: number,
    private readonly maxBytes: number,
    /** Versions kept under one key at most (the oldest kept one goes first). */
    private readonly perKey = Infinity,
  ) {}

  /** The kept bytes under `key` that `matches` (marked as just seen), or undefined. */
  find(key: K, matches: (kept: Buffer) => boolean): Buffer | undefined {
    const kept = this.byKey.get(key)?.find(matches);
    if (kept) {
      this.order.delete(kept);
      this.order.set(kept, key);
    }
    return kept;
  }

  /** Keeps a copy of `bytes` under `key` (the caller checked it is not kept already). */
  add(key: K, bytes: Uint8Array): void {
    const versions = this.byKey.get(key);
    if (versions && versions.length >= this.perKey) this.forget(versions[0] as Buffer);
    const own = new Uint8Array(bytes); // one copy, its own ArrayBuffer (Buffer.from would copy again, small ones into the shared pool)
    const copy = Buffer.from(own.buffer, own.byteOffset, own.length);
    const same = this.byKey.get(key);
    if (same) same.push(copy);
    else this.byKey.set(key, [copy]);
    this.order.set(copy, key);
    this.bytes += copy.length;
    while (this.order.size > this.maxCount || this.bytes > this.maxBytes) this.forget(this.order.keys().next().value as Buffer);
  }

  private forget(kept: Buffer): void {
    const key = this.order.get(kept);
    if (key === undefined) return;
    this.order.delete(kept);
    this.bytes -= kept.length;
    const rest = (this.byKey.get(key) ?? []).filter((b) => b !== kept);
    if (rest.length > 0) this.byKey.set(key, rest);
    else this.byKey.delete(key);
  }
}
