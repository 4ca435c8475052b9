import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PARTNER_TIME_ZONE, partnerToday } from '../../contract/dates.js';
import type { Lang } from '../../contract/enums.js';
import { FOLLOW_PATHS, type EmailChoice, type Notification } from '../../contract/follows.js';
import { NOTIFICATION_WORDS, isOne, notificationFilePath, notificationSentence } from '../../contract/notification-words.js';
import { formatNumber } from '../../contract/numbers.js';
import type { Mail, Mailer } from '../mail/mailer.js';
import type { Notifier } from './notifier.js';
import type { Follower, FollowStore } from './store.js';

/**
 * Notifications by e-mail, through the relay of invitations and reminders (SMTP_URL).
 *
 * Delivery is AT-LEAST-ONCE towards the relay: a digest is claimed once per person and partner's
 * day in the database (digests_sent: one replica wins the row), then sent; a relay that refuses or
 * is down releases the claim and the next tick (every few minutes) sends it again, so a relay that
 * took the message but failed to say so may deliver it twice. (A replica that dies between the
 * claim and the send leaves the day claimed: that day's digest is lost, and its notifications go
 * into the next day's, which takes what was not e-mailed yet.) An urgent notification is sent at
 * once and marked mailed; a refused send is left unmarked, so the next digest carries it.
 *
 * Every e-mail has a one-click unsubscribe (RFC 8058): `List-Unsubscribe` with the API's URL and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and in the text a link to the SPA's page
 * (a GET only shows a button: mail scanners follow links). The link's token is signed with the
 * server's secret and names one person and one kind (digest or urgent).
 */

/** An unsubscribe link works this long (a link in a months-old e-mail still stops what it says). */
export const UNSUBSCRIBE_DAYS = 180;
const DAY_MS = 24 * 60 * 60_000;
/** At most this many notifications are listed in a digest (the app has them all). */
export const DIGEST_LINES = 30;

export type UnsubscribeKind = Exclude<EmailChoice, 'none'>;

export interface UnsubscribeClaim {
  userId: string;
  kind: UnsubscribeKind;
  /** The token's SHA-256: a used link is recorded by it. */
  hash: string;
}

const b64 = (b: Buffer) => b.toString('base64url');
const sign = (secret: string, body: string) => b64(createHmac('sha256', secret).update(`unsubscribe.${body}`).digest());

/** A signed link's token for one person and kind (a fresh one per e-mail: each is used once). */
export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeKind, now: number): string {
  const body = b64(Buffer.from(JSON.stringify({ u: userId, k: kind, n: b64(randomBytes(9)), e: now + UNSUBSCRIBE_DAYS * DAY_MS })));
  return `${body}.${sign(secret, body)}`;
}

/** The token's person and kind, or null when it is not ours (forged, altered, expired). */
export function readUnsubscribeToken(secret: string, token: string, now: number): UnsubscribeClaim | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || token.length > 400) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown; e?: unknown };
    if (typeof p.u !== 'string' || (p.k !== 'digest' && p.k !== 'urgent') || typeof p.e !== 'number' || p.e < now) return null;
    return { userId: p.u, kind: p.k, hash: createHash('sha256').update(token).digest('hex') };
  } catch {
    return null;
  }
}

/** The one-click headers of RFC 8058 and the page's link, for one e-mail. */
function unsubscribeParts(origin: string, token: string) {
  const q = `?t=${encodeURIComponent(token)}`;
  return {
    headers: {
      'List-Unsubscribe': `<${origin}${FOLLOW_PATHS.unsubscribe}${q}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    page: `${origin}${FOLLOW_PATHS.unsubscribePage}${q}`,
  };
}

export interface FollowMail extends Mail {
  headers: Record<string, string>;
}

/** The daily digest of what a person has not read: each notification a line and its link. */
export function digestMail(to: Follower, items: readonly Notification[], total: number, origin: string, token: string): FollowMail {
  const lang: Lang = to.lang;
  const w = NOTIFICATION_WORDS[lang].mail;
  const count = formatNumber(total, lang);
  const { headers, page } = unsubscribeParts(origin, token);
  const lines = items.flatMap((n) => [`- ${notificationSentence(n, lang)}`, `  ${origin}${notificationFilePath(n.file)}`]);
  const rest = total - items.length;
  const text = [
    w.hello(to.name),
    '',
    w.digestIntro(count, isOne(total, lang)),
    '',
    ...lines,
    ...(rest > 0 ? ['', w.digestMore(formatNumber(rest, lang))] : []),
    '',
    w.why,
    w.unsubscribe.digest(page),
  ].join('\n');
  return { to: to.email, subject: w.digestSubject(count, isOne(total, lang)), text, headers };
}

/** One urgent notification, at once. */
export function urgentMail(to: Follower, n: Notification, origin: string, token: string): FollowMail {
  const lang: Lang = to.lang;
  const w = NOTIFICATION_WORDS[lang].mail;
  const sentence = notificationSentence(n, lang);
  const { headers, page } = unsubscribeParts(origin, token);
  const text = [
    w.hello(to.name),
    '',
    w.urgentIntro,
    '',
    sentence,
    w.open(`${origin}${notificationFilePath(n.file)}`),
    '',
    w.why,
    w.unsubscribe.urgent(page),
  ].join('\n');
  return { to: to.email, subject: w.urgentSubject(sentence), text, headers };
}

const hourFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: PARTNER_TIME_ZONE });

export interface NotificationMailOptions {
  store: FollowStore;
  mailer: Mailer;
  notifier: Pick<Notifier, 'maySee'>;
  secret: string;
  origin: string;
  /** The partner's now (the sandbox's clock in sandbox mode), as the round's reminders read it. */
  partnerNow: () => Promise<Date>;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** The real clock, for the stored times (tests give theirs). */
  now?: () => number;
}

/** The digests (ticked like the round's reminders) and the urgent e-mails. */
export class NotificationMail {
  private readonly now: () => number;

  constructor(private readonly o: NotificationMailOptions) {
    this.now = o.now ?? Date.now;
  }

  private send(mail: FollowMail): Promise<void> {
    return this.o.mailer.send(mail);
  }

  /** What a person may still read of these (no e-mail says more than she may see). */
  private async visible<T extends Notification>(to: Follower, items: readonly T[]): Promise<T[]> {
    const kept: T[] = [];
    for (const n of items) if (await this.o.notifier.maySee(to, n.file.kind, n.file.id)) kept.push(n);
    return kept;
  }

  /**
   * Sends today's digests once the organization's hour has come (the partner's day and hour: the
   * sandbox's day in sandbox mode, at the real time of day); answers how many this replica sent.
   * `at`: the partner's instant, when a test sets it.
   */
  async tick(at?: Date): Promise<number> {
    const { store, mailer } = this.o;
    if (!mailer.enabled) return 0;
    at ??= await this.o.partnerNow();
    const day = partnerToday(at);
    if (Number(hourFormat.format(at)) < (await store.digestHour())) return 0;
    let sent = 0;
    for (const to of await store.digestRecipients()) {
      if (!(await store.claimDigest(to.userId, day, this.now()))) continue;
      try {
        const { items, total } = await store.unreadForDigest(to.userId, DIGEST_LINES);
        const shown = await this.visible(to, items);
        if (shown.length === 0) continue;
        const hidden = items.length - shown.length;
        await this.send(
          digestMail(to, shown, total - hidden, this.o.origin, unsubscribeToken(this.o.secret, to.userId, 'digest', this.now())),
        );
        await store.markMailed(
          shown.map((n) => n.id),
          this.now(),
        );
        sent++;
      } catch (err) {
        await store.releaseDigest(to.userId, day).catch(() => undefined);
        this.o.log.warn({ err, to: to.email }, 'could not send a daily digest of notifications (tried again at the next tick)');
      }
    }
    if (sent > 0) this.o.log.info({ sent, day }, 'daily digests of notifications sent');
    return sent;
  }

  /** An urgent notification just stored: e-mailed now to a person who chose `urgent`. */
  async urgent(to: Follower, notificationId: string): Promise<boolean> {
    const { store, mailer } = this.o;
    if (!mailer.enabled || to.state !== 'active' || (await store.emailChoice(to.userId)) !== 'urgent') return false;
    const n = await store.byId(to.userId, notificationId);
    if (!n || !(await this.o.notifier.maySee(to, n.file.kind, n.file.id))) return false;
    try {
      await this.send(urgentMail(to, n, this.o.origin, unsubscribeToken(this.o.secret, to.userId, 'urgent', this.now())));
      await store.markMailed([n.id], this.now());
      return true;
    } catch (err) {
      this.o.log.warn({ err, to: to.email }, 'could not send an urgent notification (the next digest carries it)');
      return false;
    }
  }
}
