import type { FastifyInstance } from 'fastify';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import type { EventHub } from '../events/hub.js';
import { envelope } from '../http-error.js';

const EventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  createdAt: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/**
 * POST /webhooks/partner: verifies the Standard Webhooks signature (and refuses timestamps more
 * than 5 minutes away), stores each event id once, and answers 2xx to a duplicate without
 * processing it again.
 */
export async function webhookReceiver(app: FastifyInstance, secret: string, hub: EventHub): Promise<void> {
  const verifier = new Webhook(secret);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/webhooks/partner', async (req, reply) => {
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
      const fresh = hub.record(event.data.id, event.data.type, raw);
      return reply.code(200).send({ received: true, duplicate: !fresh });
    });
  });
}
