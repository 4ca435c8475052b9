import { sql, type RawBuilder } from 'kysely';
import type { Assignee } from '../../contract/assignees.js';
import type { ReadModelQuery, ServerDb } from '../db/db.js';

/** What can be assigned: a guarantee project or a claim, by its partner id. */
export type AssignedKind = 'project' | 'claim';

export interface Assignment {
  kind: AssignedKind;
  entityId: string;
  /** users.id of the colleague who looks after the file. */
  userId: string;
  /** users.id of who assigned it. */
  assignedBy: string;
  assignedAt: number;
}

/** The ids of the files of a kind a colleague looks after: a subquery for the lists' and the work queue's "mine" filters (no join, so a count reads no more than it counts). */
export const assignedTo = (db: ServerDb, kind: AssignedKind, userId: string) =>
  db.selectFrom('assignments').select('entity_id').where('kind', '=', kind).where('user_id', '=', userId);

/**
 * The read model's rows of a kind (`t`), each with who looks after it (`assignee_id`,
 * `assignee_name`; null: nobody): the rows of the lists' pages and of the work queue's lines.
 */
export function withAssignee(db: ServerDb, kind: AssignedKind) {
  const rows: ReadModelQuery = kind === 'claim' ? db.selectFrom('rm_claims as t') : db.selectFrom('rm_projects as t');
  return rows
    .leftJoin('assignments as a', (j) => j.on('a.kind', '=', kind).onRef('a.entity_id', '=', 't.id'))
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id as assignee_id', 'u.name as assignee_name']);
}

/** The assignee of a row read with withAssignee, as the lists and the work queue answer it. */
export const assigneeOfRow = (r: { assignee_id: string | null; assignee_name: string | null }): Assignee | null =>
  r.assignee_id === null ? null : { id: r.assignee_id, name: r.assignee_name ?? '' };

/** Who calls a file theirs: their users.id (what they look after) and e-mail (what the audit trail says they opened). */
export interface MineReader {
  id: string;
  email: string;
}

/**
 * The files of a kind a reader opened through the dashboard: the audit trail's record of each
 * successful creation (it names who made it, and is kept as long as a claim can matter).
 */
const openedBy = (db: ServerDb, kind: AssignedKind, email: string) => {
  const id = kind === 'claim' ? 'claim_id' : 'project_id';
  return db
    .selectFrom('audit_log')
    .select(`${id} as entity_id`)
    .where('actor_id', '=', email.toLowerCase())
    .where('operation', '=', kind === 'claim' ? 'createClaim' : 'createProject')
    .where('result', '=', 'success')
    .where(id, 'is not', null)
    .$narrowType<{ entity_id: string }>();
};

/**
 * "Mine": the files the reader opened or looks after, as a condition on the row `t` of a list, the
 * work queue or the round (one rule for all of them; subqueries, so a count reads no more than it counts).
 */
export const isMine = (db: ServerDb, kind: AssignedKind, reader: MineReader, id = 't.id'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(id)} IN (${assignedTo(db, kind, reader.id)}) OR ${sql.ref(id)} IN (${openedBy(db, kind, reader.email)}))`;

/** The ids `isMine` keeps, for an answer not read from the read model (the round before the first sync). */
export async function mineIds(db: ServerDb, kind: AssignedKind, reader: MineReader): Promise<Set<string>> {
  const rows = await assignedTo(db, kind, reader.id)
    .union(openedBy(db, kind, reader.email))
    .execute();
  return new Set(rows.map((r) => r.entity_id));
}

/**
 * Who looks after a file: one colleague per project or claim, kept by the dashboard
 * (the partner knows nothing of it). Ids are kept lower-cased, as the read model keeps them, so
 * the lists can join on them. The routes check roles and that the user exists; this store only
 * keeps the rows.
 */
export class AssignmentStore {
  constructor(
    private readonly db: ServerDb,
    private readonly now: () => number = Date.now,
  ) {}

  async get(kind: AssignedKind, entityId: string): Promise<Assignment | null> {
    const r = await this.db
      .selectFrom('assignments')
      .selectAll()
      .where('kind', '=', kind)
      .where('entity_id', '=', entityId.toLowerCase())
      .executeTakeFirst();
    return r ? toAssignment(r) : null;
  }

  /** Assigns the file to userId (replacing whoever had it), or unassigns it when userId is null; `at`: when, on the partner's clock (ms). */
  async set(kind: AssignedKind, entityId: string, userId: string | null, by: string, at: number = this.now()): Promise<Assignment | null> {
    const id = entityId.toLowerCase();
    if (userId === null) {
      await this.db.deleteFrom('assignments').where('kind', '=', kind).where('entity_id', '=', id).execute();
      return null;
    }
    const row = { kind, entity_id: id, user_id: userId, assigned_by: by, assigned_at: at };
    await this.db
      .insertInto('assignments')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'entity_id']).doUpdateSet({ user_id: userId, assigned_by: by, assigned_at: row.assigned_at }))
      .execute();
    return toAssignment(row);
  }
}

function toAssignment(r: {
  kind: string;
  entity_id: string;
  user_id: string;
  assigned_by: string;
  assigned_at: number | string;
}): Assignment {
  return {
    kind: r.kind as AssignedKind,
    entityId: r.entity_id,
    userId: r.user_id,
    assignedBy: r.assigned_by,
    assignedAt: Number(r.assigned_at),
  };
}
