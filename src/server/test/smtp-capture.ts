import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The whole message as received (headers and body, MIME-encoded). */
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:port: what SMTP_URL is set to in the test. */
  url: string;
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` received from now or already received. */
  waitFor: (to: string, timeoutMs?: number) => Promise<CapturedMail>;
  close: () => Promise<void>;
}

/** An SMTP server in the test process that keeps what it receives: no outside service is ever used. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string) => mails.find((m) => m.to.includes(to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (to, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = find(to);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The text of a captured mail, its transfer encoding undone (quoted-printable or base64), its
 * headers unfolded and included.
 */
export function textOf(mail: CapturedMail): string {
  const [head = '', ...body] = mail.raw.split(/\r?\n\r?\n/);
  const rest = body.join('\n\n');
  const decoded = /content-transfer-encoding: base64/i.test(head)
    ? Buffer.from(rest.replace(/\s/g, ''), 'base64').toString('utf8')
    : Buffer.from(
        rest.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
  return `${head.replace(/\r?\n\s+/g, ' ')}\n\n${decoded}`;
}
