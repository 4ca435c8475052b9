import type { FastifyInstance } from 'fastify';
import type { PartnerEvent } from '../../contract/session.js';
import { noStore, requireUser } from '../auth/plugin.js';
import { canReadEvents } from '../auth/roles.js';
import { HttpError } from '../http-error.js';
import type { EventHub } from './hub.js';

const frame = (e: PartnerEvent) => `id: ${e.seq}\nevent: partner\ndata: ${JSON.stringify(e)}\n\n`;

/** Server-sent events of the organization; a reconnect with Last-Event-ID replays what was missed. */
export async function eventRoutes(app: FastifyInstance, hub: EventHub, heartbeatMs = 25_000): Promise<void> {
  app.get('/api/events', async (req, reply) => {
    requireUser(req);
    const last = Number(req.headers['last-event-id'] ?? (req.query as { lastEventId?: string }).lastEventId ?? NaN);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(req.id),
    });
    res.write('retry: 3000\n\n');
    let sent = Number.isFinite(last) ? last : Infinity;
    const push = (e: PartnerEvent) => {
      if (e.seq <= sent && Number.isFinite(sent)) return;
      sent = e.seq;
      res.write(frame(e));
    };
    const unsubscribe = hub.subscribe(push);
    if (Number.isFinite(last)) for (const e of hub.since(last)) push(e);
    else sent = -1;
    const beat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
    req.raw.on('close', () => {
      clearInterval(beat);
      unsubscribe();
    });
  });

  app.get('/api/events/recent', async (req, reply) => {
    const user = requireUser(req);
    if (!canReadEvents(user.role)) throw new HttpError('FORBIDDEN_ROLE', 'Only managers can read the event log.');
    noStore(reply);
    return hub.recent(100);
  });
}
