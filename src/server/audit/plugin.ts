import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AUDIT_PENDING, type AuditDetails, type AuditOperation } from '../../contract/audit.js';
import type { Role } from '../../contract/session.js';
import type { AuditEntry, AuditStore } from './store.js';

/** What a request that writes (or exports) says about itself; recorded when it is answered. */
export interface AuditNote {
  operation: AuditOperation;
  projectId: string | null;
  claimId: string | null;
  details: AuditDetails;
  /** What only a successful answer says (the id of what was created). */
  fromAnswer?: (answer: unknown) => { projectId?: string; claimId?: string; details?: AuditDetails };
  /** Who, when it is not the session's user (a sign-in names the account it tried). */
  actor?: { id: string; name: string | null; role: Role | null };
  /** The result, when the status does not say it (a single sign-on refused answers with a redirect). */
  result?: string;
  /** The seq of the attempt recorded before the partner was asked (auditBeforeSending): the outcome names it. */
  attempt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the routes that write: the request is recorded in the audit trail when answered. */
    audit: AuditNote | null;
    /**
     * Records the note's write as attempted, before it is sent to the partner; throws (and so
     * refuses the write, nothing sent) when it cannot be recorded.
     */
    auditBeforeSending: () => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route's audited operation: every answer of it is recorded, refusals included. */
    audit?: AuditOperation;
  }
}

/** Starts the route's note: the operation, nothing concerned yet (the handler adds it). */
export function noteOf(req: FastifyRequest): AuditNote {
  const op = req.routeOptions.config.audit;
  if (!req.audit && op) req.audit = { operation: op, projectId: null, claimId: null, details: {} };
  if (!req.audit) throw new Error(`route ${req.routeOptions.url ?? ''} is not audited`);
  return req.audit;
}

const Coded = z.object({ code: z.string().max(64) });
const MAX_PARSED = 256 * 1024;

function json(payload: unknown): unknown {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || text.length > MAX_PARSED) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The audit trail's recording points. Every request that carries a note (set from the route's
 * `config.audit`, or by the forwarding handler for each write of the spec) is appended when its
 * answer is ready, with its result (success, or the error code answered), before the answer
 * leaves. A partner write is recorded once more before that, when it is about to be sent
 * (`auditBeforeSending`, result AUDIT_PENDING): if that record cannot be stored (a full disk, the
 * database out of reach), the write is refused and nothing is sent, so no write reaches the
 * partner unrecorded. Its outcome, recorded when answered, names that attempt; a failure to record
 * the outcome is logged and does not turn the answer into an error (the partner has answered),
 * and the trail then shows the attempt with its outcome unknown.
 */
export const auditPlugin = fp<{
  store: AuditStore;
  /** A successful write recorded (its seq): the followers' notifications are made from it (follows/notifier.ts); never awaited. */
  onRecorded?: (entry: AuditEntry & { seq: number }) => void;
}>(
  async (app, o) => {
    const who = (req: FastifyRequest, note: AuditNote) =>
      note.actor ?? (req.user ? { id: req.user.email, name: req.user.name, role: req.user.role } : null);
    app.decorateRequest('audit', null);
    app.decorateRequest('auditBeforeSending', async function (this: FastifyRequest) {
      const note = this.audit;
      if (!note) throw new Error(`route ${this.routeOptions.url ?? ''} is not audited`);
      const actor = who(this, note);
      note.attempt = await o.store.append({
        actorId: actor?.id.toLowerCase() ?? null,
        actorName: actor?.name ?? null,
        actorRole: actor?.role ?? null,
        operation: note.operation,
        projectId: note.projectId?.toLowerCase() ?? null,
        claimId: note.claimId?.toLowerCase() ?? null,
        details: note.details,
        result: AUDIT_PENDING,
        status: 0,
        requestId: String(this.id),
        address: this.ip,
      });
    });
    app.addHook('onRequest', async (req) => {
      if (req.routeOptions.config.audit) noteOf(req);
    });
    app.addHook('onSend', async (req, reply, payload) => {
      const note = req.audit;
      if (!note) return payload;
      const status = reply.statusCode;
      const answer = status < 400 && note.fromAnswer ? json(payload) : undefined;
      const extra = answer !== undefined && note.fromAnswer ? note.fromAnswer(answer) : {};
      const coded = status >= 400 ? Coded.safeParse(json(payload)) : null;
      const result = note.result ?? (status < 400 ? 'success' : coded?.success ? coded.data.code : `HTTP_${status}`);
      const actor = who(req, note);
      const entry: AuditEntry = {
        actorId: actor?.id.toLowerCase() ?? null,
        actorName: actor?.name ?? null,
        actorRole: actor?.role ?? null,
        operation: note.operation,
        projectId: (extra.projectId ?? note.projectId)?.toLowerCase() ?? null,
        claimId: (extra.claimId ?? note.claimId)?.toLowerCase() ?? null,
        details: { ...note.details, ...extra.details },
        result,
        status,
        requestId: String(req.id),
        address: req.ip,
        outcomeOf: note.attempt ?? null,
      };
      await o.store
        .append(entry)
        .then((seq) => {
          if (result === 'success' && o.onRecorded) o.onRecorded({ ...entry, seq });
        })
        .catch((err: unknown) => req.log.error({ err, operation: note.operation }, 'could not record a write in the audit trail'));
      return payload;
    });
  },
  // fastify-plugin: the hooks reach the sibling route plugins of /api
  { name: 'audit', fastify: '5.x', dependencies: ['auth'] },
);
