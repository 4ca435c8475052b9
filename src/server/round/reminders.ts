import { daysBetween } from '../../contract/dates.js';
import { REMINDER_DAYS_BEFORE, nextDeclarationDay } from '../../contract/round.js';
import type { Mailer } from '../mail/mailer.js';
import { digestMail } from './digest.js';
import type { ReminderKind, ReminderStore } from './reminder-store.js';
import { gatherRound, type RoundSources } from './service.js';

export interface RemindersOptions {
  store: ReminderStore;
  mailer: Mailer;
  /** Where the round is read (the same as GET /api/round: its digest counts what the page lists). */
  sources: RoundSources;
  /** The app's address, for the link to the round. */
  origin: string;
  log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

/**
 * Which reminder today calls for: 'day' on the declaration day, 'before' from five days before it
 * (a replica started late that week still sends it), none otherwise; with the declaration day.
 */
export function reminderDue(today: string, declarationDay: number): { kind: ReminderKind; day: string } | null {
  const day = nextDeclarationDay(today, declarationDay);
  const left = daysBetween(today, day);
  if (left === 0) return { kind: 'day', day };
  if (left <= REMINDER_DAYS_BEFORE) return { kind: 'before', day };
  return null;
}

/**
 * The monthly round's digests by e-mail (SMTP_URL): each staff member and manager who did not
 * switch them off gets one five days before DECLARATION_DAY and one on the day, when anything is
 * due. "Today" is the partner's (the sandbox clock in sandbox mode). Every replica ticks; the
 * database lets one send each (ReminderStore.claim).
 */
export class RoundReminders {
  constructor(private readonly o: RemindersOptions) {}

  /** Sends what today calls for; answers how many mails this replica sent. */
  async tick(): Promise<number> {
    const { store, mailer } = this.o;
    if (!mailer.enabled) return 0;
    const today = await this.o.sources.today.today('round-reminders');
    const due = reminderDue(today, this.o.sources.declarationDay);
    if (!due) return 0;
    const recipients = await store.recipients();
    if (recipients.length === 0) return 0;
    const round = await gatherRound(this.o.sources, 'round-reminders');
    if (round.monthsDue === 0) return 0;
    const month = due.day.slice(0, 7);
    let sent = 0;
    for (const r of recipients) {
      if (!(await store.claim(r.email, month, due.kind, Date.now()))) continue;
      try {
        await mailer.send(digestMail(r, round, due.kind, due.day, `${this.o.origin}/round`));
        sent++;
      } catch (err) {
        await store.release(r.email, month, due.kind);
        this.o.log.warn({ err, to: r.email }, 'could not send a monthly round reminder');
      }
    }
    if (sent > 0) this.o.log.info({ sent, kind: due.kind, month }, 'monthly round reminders sent');
    return sent;
  }
}
