import fp from 'fastify-plugin';
import { registerErrorHandler } from '../http-error.js';

/** One error handler for the whole server: only the envelope leaves; 5xx causes are logged. */
export const errorsPlugin = fp(
  async (app) => {
    registerErrorHandler(app);
  },
  // fastify-plugin: the handler must be the root's, so every route plugin inherits it
  { name: 'errors', fastify: '5.x' },
);
