import { connect } from 'node:net';

/** What a raw HTTP exchange gave: the status (0: none), the text received, whether the server closed, after how long. */
export interface RawAnswer {
  status: number;
  text: string;
  closed: boolean;
  ms: number;
}

/**
 * Sends a request byte for byte (a malformed form, a body trickled slowly) and reads what comes
 * back until the server closes or `waitMs` passes (tests only).
 */
export function rawRequest(
  url: string,
  head: string,
  body: Buffer | string,
  o: { waitMs: number; trickleMs?: number; endAfterBody?: boolean } = { waitMs: 3000 },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, closed, ms: Date.now() - started });
    };
    const limit = setTimeout(() => finish(false), o.waitMs);
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      socket.write(head);
      const bytes = Buffer.from(body);
      if (!o.trickleMs) {
        socket.write(bytes);
        if (o.endAfterBody) socket.end();
        return;
      }
      let i = 0;
      timer = setInterval(() => {
        if (i < bytes.length && !socket.destroyed) socket.write(bytes.subarray(i, ++i));
      }, o.trickleMs);
    });
  });
}

/** A multipart body with a file and its fields, and its boundary. */
export function multipartBody(fields: Record<string, string>, file: Buffer, boundary = 'test-boundary-123'): Buffer {
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/**
 * The four malformed forms an attacker or an aborted browser upload sends: no boundary, a boundary
 * other than the body's, a body cut before its end, garbage. Each: content type and body.
 */
export function malformedForms(file: Buffer): { name: string; contentType: string; body: Buffer }[] {
  const good = multipartBody({ documentType: '1' }, file);
  return [
    { name: 'no boundary', contentType: 'multipart/form-data', body: good },
    { name: 'wrong boundary', contentType: 'multipart/form-data; boundary=another-boundary', body: good },
    { name: 'truncated', contentType: 'multipart/form-data; boundary=test-boundary-123', body: good.subarray(0, good.length - 40) },
    {
      name: 'garbage',
      contentType: 'multipart/form-data; boundary=test-boundary-123',
      body: Buffer.from('\u0000\u00ff garbage \r\n--x\r\n'),
    },
  ];
}
