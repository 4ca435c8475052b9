import type { Lang } from '../../contract/enums.js';
import { may } from '../../contract/access.js';
import { ROLES, type Role } from '../../contract/session.js';
import type { ServerDb } from '../db/db.js';

export type ReminderKind = 'before' | 'day';

export interface ReminderRecipient {
  email: string;
  name: string;
  role: Role;
  lang: Lang;
}

/**
 * What the round's reminders keep in the database: who gets them (active staff and managers whose
 * switch is on, `users.reminders_enabled`, the one switch My account and the round page both show,
 * in their language, `users.lang`) and which sends are claimed. A send is claimed by inserting its
 * row (email, month, kind): the primary key lets one replica in, so a user gets each reminder once
 * even with several replicas ticking at the same minute.
 */
export class ReminderStore {
  constructor(private readonly db: ServerDb) {}

  async recipients(): Promise<ReminderRecipient[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['email', 'name', 'role', 'lang'])
      .where(
        'role',
        'in',
        ROLES.filter((r) => may(r, 'round.remind')),
      )
      .where('state', '=', 'active')
      .where('reminders_enabled', '=', 1)
      .orderBy('email')
      .execute();
    return rows.map((r) => ({ email: r.email, name: r.name, role: r.role as Role, lang: r.lang === 'en' ? 'en' : 'fr' }));
  }

  /** Claims a send: true for the one replica that inserted the row, false when it was already claimed. */
  async claim(email: string, month: string, kind: ReminderKind, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('round_reminders_sent')
      .values({ email, month, kind, sent_at: at })
      .onConflict((oc) => oc.columns(['email', 'month', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** The send failed before the relay took it: the next tick may try again. */
  async release(email: string, month: string, kind: ReminderKind): Promise<void> {
    await this.db
      .deleteFrom('round_reminders_sent')
      .where('email', '=', email)
      .where('month', '=', month)
      .where('kind', '=', kind)
      .execute();
  }

  async settings(email: string): Promise<{ enabled: boolean; lang: Lang }> {
    const r = await this.db
      .selectFrom('users')
      .select(['reminders_enabled', 'lang'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    return { enabled: r ? Number(r.reminders_enabled) !== 0 : false, lang: r?.lang === 'en' ? 'en' : 'fr' };
  }

  async setSettings(email: string, s: { enabled: boolean; lang: Lang }, at: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ reminders_enabled: s.enabled ? 1 : 0, lang: s.lang, updated_at: at })
      .where('email', '=', email.toLowerCase())
      .execute();
  }
}
