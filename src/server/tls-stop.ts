import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop of the HTTPS server (HTTP/2 and HTTP/1.1 on one port: main.ts with a
 * certificate). Before Node 24, Node's HTTP/2 server waits for its HTTP/2 connections before it
 * closes, and a browser keeps its connection open while idle: the stop would wait out the
 * shutdown's grace and exit 1. So when the server closes (Fastify's preClose; requests in flight
 * still finish), each HTTP/2 connection is told to go (the session's close: a GOAWAY, its streams
 * in flight finish and no new one starts), and so is one that opens meanwhile. Idle HTTP/1.1
 * connections are closed by Node itself, busy ones after their answer (`connection: close`, app.ts).
 * Fastify's forceCloseConnections would do the first, but also destroys every kept-alive
 * HTTP/1.1 connection, an answer in flight included.
 */
export function stopConnectionsGracefully(app: FastifyInstance): void {
  const sessions = new Set<ServerHttp2Session>();
  let closing = false;
  (app.server as unknown as Http2SecureServer).on('session', (session: ServerHttp2Session) => {
    if (closing) return session.close();
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const session of sessions) session.close();
  });
}
