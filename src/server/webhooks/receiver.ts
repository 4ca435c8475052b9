import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import type { ServerDb } from '../db/db.js';
import type { Cause } from '../events/causes.js';
import type { EventHub } from '../events/hub.js';
import type { ClaimSnapshot, ProjectSnapshot } from '../sync/rows.js';
import { envelope } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';

/** No control characters (C0, DEL). */
const printable = (s: string) => ![...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

const EventSchema = z.object({
  // printable: ids and types are stored as text (PostgreSQL refuses NUL) and shown to managers
  id: z.string().min(1).max(200).refine(printable, 'must be printable'),
  type: z.string().min(1).max(100).refine(printable, 'must be printable'),
  createdAt: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/**
 * POST /webhooks/partner: verifies the Standard Webhooks signature (and refuses timestamps more
 * than 5 minutes away), re-reads what the event names into the read model and stores the event
 * id in the same commit, then answers 2xx; a duplicate is answered 2xx without processing it again.
 */
export interface WebhookSync {
  /** Re-reads from the partner what an event names (null: it names nothing the read model keeps). */
  readFor: (type: string, data: Record<string, unknown>) => Promise<ProjectSnapshot | ClaimSnapshot | null>;
  apply: (s: ProjectSnapshot | ClaimSnapshot, trx: ServerDb) => Promise<unknown>;
  /** Who made the state the event reports, once applied (events/causes.ts); null: the partner. */
  causeOf: (type: string, data: Record<string, unknown>, trx: ServerDb) => Promise<Cause | null>;
}

export const webhookRoutes: FastifyPluginAsyncZod<{
  secret: string;
  hub: EventHub;
  sync?: WebhookSync;
  /** An event received for the first time (by its id), stored: the followers' notifications (never awaited). */
  onFresh?: (id: string) => void;
}> = async (app, { secret, hub, sync, onFresh }) => {
  const verifier = new Webhook(secret);
  // the signature covers the exact bytes: this plugin keeps JSON bodies as text
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    '/webhooks/partner',
    {
      // the partner's signature is the credential (checked below)
      config: { access: 'credential' },
      schema: {
        tags: ['Partner webhooks'],
        summary: 'Partner events in (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature headers)',
        body: z.string().optional().describe('The event as JSON, `{ id, type, createdAt?, data? }`, exactly as signed'),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let payload: unknown;
      try {
        payload = verifier.verify(raw, headers);
      } catch (err) {
        const message = err instanceof WebhookVerificationError ? err.message : 'Invalid webhook';
        req.log.warn({ message }, 'webhook refused');
        return reply.code(401).send(envelope('UNAUTHENTICATED', `Webhook refused: ${message}.`, String(req.id)));
      }
      const event = EventSchema.safeParse(payload);
      if (!event.success || event.data.id !== headers['webhook-id']) {
        return reply
          .code(400)
          .send(envelope('INVALID_REQUEST', 'Webhook payload must carry id (equal to webhook-id) and type.', String(req.id)));
      }
      // a hint, never the truth: what the event names is re-read from the partner before the
      // event is acknowledged (a partner that cannot answer now gets a 5xx and delivers again)
      if (await hub.known(event.data.id)) return reply.code(200).send({ received: true as const, duplicate: true });
      const data = event.data.data ?? {};
      const read = sync ? await sync.readFor(event.data.type, data) : null;
      const change = sync
        ? async (trx: ServerDb) => {
            if (read) await sync.apply(read, trx);
            return sync.causeOf(event.data.type, data, trx);
          }
        : undefined;
      const fresh = await hub.record(event.data.id, event.data.type, raw, change);
      if (fresh && onFresh) onFresh(event.data.id);
      return reply.code(200).send({ received: true as const, duplicate: !fresh });
    },
  );
};
