import { randomUUID } from 'node:crypto';
import type { ServerDb } from '../db/db.js';

/**
 * Who made a change the partner reports. Its webhooks carry no request id, so the dashboard cannot
 * read in an event which request caused it, and a guess by time (an event soon after a write is its
 * echo) fails both ways: a webhook retried late is taken for someone else's change, a colleague's
 * change a second later for one's own. What the server does know is which of its own writes was at
 * the partner while it saw a change, and what it had already seen. So:
 *
 * - each write the server forwards is noted, with its resource (the claim or project its path
 *   names), its author and the browser's id for it, from before it leaves until the read model has
 *   re-read what it touched (writes_in_flight, shared by the replicas);
 * - a read of a resource (the write's own re-read, a webhook's, a sync pass's) taken while a write
 *   on it is in flight is that write's: the row notes its author; a change read while none is, is
 *   the partner's (the back office's, another system's): the row notes nobody;
 * - an event is the author's of the state it reports: a write in flight on its resource, else the
 *   author of the row it found (a webhook that brings nothing new reports a state already read,
 *   however late it comes).
 *
 * Two people writing to one claim at the same moment: the change is said to be nobody's (each sees
 * that it was updated). A replica that dies with a write in flight stops renewing its note, which
 * then lapses.
 */
export interface Cause {
  /** The e-mail of the person whose write made it. */
  by: string;
  /** The browser's id of that write, when one write made it (the tab that sent it refreshed after it). */
  write: string | null;
}

/** A write's note holds this long without its replica renewing it. */
export const IN_FLIGHT_LEASE_MS = 30_000;

/** The browser's id for a write: letters, digits, - and _ (a UUID), nothing else kept. */
export const WRITE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The resources a partner event names (a claim's events name its project too). */
export function resourcesOf(ids: readonly (string | null | undefined)[]): string[] {
  return [...new Set(ids.filter((x): x is string => typeof x === 'string' && x !== '').map((x) => x.toLowerCase()))];
}

/**
 * The cause of what is read now about `resources`: undefined when no write of the dashboard is in
 * flight on them; the write (or its author, for several of one person's writes) when there is;
 * null when several people's are.
 */
export async function causeInFlight(db: ServerDb, resources: readonly string[], now: number): Promise<Cause | null | undefined> {
  if (resources.length === 0) return undefined;
  const rows = await db
    .selectFrom('writes_in_flight')
    .select(['by_email', 'write_id'])
    .where('resource', 'in', resources)
    .where('until', '>', now)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  if (rows.some((r) => r.by_email !== first.by_email)) return null;
  return { by: first.by_email, write: rows.every((r) => r.write_id === first.write_id) ? first.write_id : null };
}

/** The dashboard's writes while they are at the partner (see above). */
export class WritesInFlight {
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: ServerDb,
    o: { leaseMs?: number; now?: () => number } = {},
  ) {
    this.leaseMs = o.leaseMs ?? IN_FLIGHT_LEASE_MS;
    this.now = o.now ?? Date.now;
  }

  /**
   * Notes a write on `resource` by `by` (the browser's `write` id, when it sent a valid one) and
   * answers its end, to be called once the read model has re-read what it touched (or it failed).
   */
  async begin(resource: string, by: string, write: string | null): Promise<() => Promise<void>> {
    const id = randomUUID();
    const until = () => this.now() + this.leaseMs;
    await this.db
      .insertInto('writes_in_flight')
      .values({
        id,
        resource: resource.toLowerCase(),
        by_email: by,
        write_id: write !== null && WRITE_ID.test(write) ? write : null,
        until: until(),
      })
      .execute();
    // a write slower than its lease (a partner slow to answer, a re-read waiting its turn) keeps it
    const renewal = setInterval(() => {
      void this.db
        .updateTable('writes_in_flight')
        .set({ until: until() })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined); // the database out of reach: the note lapses
    }, this.leaseMs / 3);
    return async () => {
      clearInterval(renewal);
      await this.db.deleteFrom('writes_in_flight').where('id', '=', id).execute();
    };
  }

  /** Forgets the notes of writes whose replica died (their lease lapsed). */
  async purge(): Promise<void> {
    await this.db.deleteFrom('writes_in_flight').where('until', '<=', this.now()).execute();
  }
}
