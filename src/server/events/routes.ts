import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATIONS_EVENT } from '../../contract/follows.js';
import { PartnerEventSchema, TODAY_EVENT, type PartnerEvent, type Role } from '../../contract/session.js';
import { requireUser } from '../auth/plugin.js';
import type { SessionStore } from '../auth/sessions.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import { asSeenBy, type EventHub, type LoggedEvent } from './hub.js';
import { MAX_STREAMS_PER_SESSION, type StreamRegistry } from './streams.js';

const tags = ['Events'];
const frame = (e: PartnerEvent) => `id: ${e.seq}\nevent: partner\ndata: ${JSON.stringify(e)}\n\n`;

export interface EventRouteOptions {
  hub: EventHub;
  sessions: SessionStore;
  streams: StreamRegistry;
  heartbeatMs?: number;
  /** Whether a role may see what an event is about (an intermediary, her scope's files only); none: every event goes out. */
  maySee?: (role: Role, e: LoggedEvent) => Promise<boolean>;
  /** The notifications' side: a person's unread count, and who was told something (on any replica). */
  notifications?: {
    unread: (userId: string) => Promise<number>;
    subscribe: (fn: (userIds: readonly string[]) => void) => () => void;
  };
  /** Listens for the partner's today moving (the sandbox's clock, on any replica): each stream then says so (TODAY_EVENT). */
  todayMoved?: (fn: () => void) => () => void;
}

/**
 * Server-sent events of the organization; a reconnect with Last-Event-ID replays what was missed.
 * A stream lives only as long as its session: sign-out closes it at once, and before each event
 * and heartbeat the session is checked (idle expiry, revocation). A session holds at most
 * MAX_STREAMS_PER_SESSION streams (429 beyond).
 */
export const eventRoutes: FastifyPluginAsyncZod<EventRouteOptions> = async (app, o) => {
  const heartbeatMs = o.heartbeatMs ?? 25_000;
  app.get(
    '/api/events',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Server-sent events of the organization (Last-Event-ID or ?lastEventId= resumes)',
        querystring: z.object({ lastEventId: z.string().max(20).optional() }),
        response: {
          200: {
            description:
              'A stream of `partner` events the reader may see, each `data:` one event as below; `notifications` events, `data:` `{ unread }`, when her unread count changes; a comment every 25 s.',
            content: { 'text/event-stream': { schema: PartnerEventSchema } },
          },
          ...ERROR_RESPONSES,
        },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const last = Number(req.headers['last-event-id'] ?? req.query.lastEventId ?? NaN);
      const res = reply.raw;
      let closed = false;
      let cleanup: () => void = () => undefined;
      const close = (parting?: string) => {
        if (closed) return;
        closed = true;
        cleanup();
        // shutdown: the hint, then the connection itself goes (a kept-alive idle socket would hold the close up)
        if (parting) res.end(parting, () => res.socket?.destroy());
        else res.end();
      };
      const unregister = o.streams.open(user.session, close);
      if (!unregister)
        throw new HttpError('RATE_LIMITED', `At most ${MAX_STREAMS_PER_SESSION} open event streams per session: close other tabs.`);
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // HTTP/1.1 only: HTTP/2 has no connection header (Node drops it with a warning), its
        // connection is shared by the tab's requests and stays open anyway
        ...(req.raw.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
        'x-accel-buffering': 'no',
        'x-request-id': String(req.id),
      });
      res.write('retry: 3000\n\n');
      /** The session still exists and is not idle past its limit; else the stream ends. */
      const alive = async () => {
        // the database unreachable for a moment: keep the stream, the next check decides
        if (await o.sessions.alive(user.session).catch(() => true)) return true;
        close();
        return false;
      };
      let sent = Number.isFinite(last) ? last : Infinity;
      // one event after the other, in order, each after its session check (which awaits the database)
      let queue = Promise.resolve();
      /** An event about a file outside the reader's scope is not sent (its sequence still counts as passed). */
      const visible = (e: LoggedEvent) => (o.maySee ? o.maySee(user.role, e).catch(() => false) : Promise.resolve(true));
      const write = async (e: LoggedEvent) => {
        if (closed || (e.seq <= sent && Number.isFinite(sent))) return;
        sent = e.seq;
        if (await visible(e)) if (!closed) res.write(frame(asSeenBy(e, user.email)));
      };
      // what was missed first (read now, written before anything pushed meanwhile); duplicates skipped by seq
      if (Number.isFinite(last))
        queue = o.hub.since(last).then(
          async (missed) => {
            for (const e of missed) await write(e);
          },
          () => undefined,
        );
      else {
        sent = -1;
        // where the log stands (read with the subscription below, nothing comes between): a tab that
        // takes this stream over in another tab resumes from here
        res.write(`id: ${o.hub.top}\nevent: ready\ndata: ${o.hub.top}\n\n`);
      }
      const push = (e: LoggedEvent) => {
        queue = queue.then(async () => {
          if (closed || (e.seq <= sent && Number.isFinite(sent)) || !(await alive())) return;
          await write(e);
        });
      };
      const unsubscribe = o.hub.subscribe(push);
      // the bell: the reader's unread count, at once and whenever it changes (on whichever replica)
      const count = () => {
        const n = o.notifications;
        if (!n) return;
        queue = queue.then(async () => {
          const unread = await n.unread(user.id).catch(() => null);
          if (unread !== null && !closed) res.write(`event: ${NOTIFICATIONS_EVENT}\ndata: ${JSON.stringify({ unread })}\n\n`);
        });
      };
      const unheard = o.notifications?.subscribe((ids) => {
        if (ids.includes(user.id)) count();
      });
      count();
      // the partner's today moved: the tab reads its dates and data again
      const unmoved = o.todayMoved?.(() => {
        queue = queue.then(() => {
          if (!closed) res.write(`event: ${TODAY_EVENT}\ndata: {}\n\n`);
        });
      });
      const beat = setInterval(() => void alive().then((ok) => ok && !closed && res.write(': keep-alive\n\n')), heartbeatMs);
      cleanup = () => {
        clearInterval(beat);
        unsubscribe();
        unheard?.();
        unmoved?.();
        unregister();
      };
      req.raw.on('close', () => close());
    },
  );

  app.get(
    '/api/events/recent',
    {
      config: { access: { action: 'events.read' } },
      schema: {
        tags,
        summary: 'The 100 latest partner events and notes (managers)',
        response: { 200: z.array(PartnerEventSchema), ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const user = requireUser(req);
      return (await o.hub.recent(100)).map((e) => asSeenBy(e, user.email));
    },
  );
};
