import fp from 'fastify-plugin';

/** Every answer carries its request id (kept from a safe X-Request-Id, see app.ts, or made). */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      void reply.header('x-request-id', req.id);
    });
  },
  // fastify-plugin: the hook must answer for every route of the server, not only this plugin's
  { name: 'request-id', fastify: '5.x' },
);
