import nodemailer, { type Transporter } from 'nodemailer';

/** A message the dashboard sends: plain text always, HTML optional (both in the recipient's language). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (the notifications' List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Whether mail is configured (SMTP_URL); when not, `send` refuses and callers show the link instead. */
  readonly enabled: boolean;
  /** Sends one message; rejects with the transport's error (the caller decides what the user is told). */
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

/**
 * The outgoing mail of the dashboard (invitations, password resets, monthly reminders), through
 * nodemailer's SMTP transport built from SMTP_URL (smtp://, smtps://, with user:password@ when the
 * relay asks). Without SMTP_URL nothing is ever sent: `enabled` is false.
 */
export function createMailer(options: { smtpUrl: string | null; from: string }): Mailer {
  if (!options.smtpUrl)
    return {
      enabled: false,
      send: () => Promise.reject(new Error('SMTP_URL is not set: no mail can be sent')),
      close: () => undefined,
    };
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    enabled: true,
    send: async (mail) => {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () => transport.close(),
  };
}
