import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RoundQuerySchema,
  RoundReminderBodySchema,
  RoundReminderSettingsSchema,
  RoundSchema,
  RoundSummarySchema,
} from '../../contract/round.js';
import { may } from '../../contract/access.js';
import type { Role } from '../../contract/session.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { ReminderStore } from './reminder-store.js';
import { gatherRound, roundSummary, type RoundSources } from './service.js';

export interface RoundRouteOptions {
  sources: RoundSources;
  reminders: ReminderStore;
  mailConfigured: boolean;
  publicOrigin: string | null;
}

const tags = ['Monthly round'];

/**
 * GET /api/round: the monthly round, every open claim with a month to declare (every role:
 * intermediaries see the claims, as in the work queue), from the read model; GET /api/round/summary
 * its counts for the menu. Declaring goes through the forwarded
 * partner operation (POST /api/v1/claims/{id}/rentaldebts), one call per month, so each is
 * checked, audited and idempotent like any other write. GET/PUT /api/round/reminders: the
 * signed-in user's own e-mail reminders.
 */
export const roundRoutes: FastifyPluginAsyncZod<RoundRouteOptions> = async (app, o) => {
  app.get(
    '/api/round',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary:
          'Every open claim with a month to declare (`view=mine`: those the reader opened or looks after), its oldest month first, with the rent to prefill',
        querystring: RoundQuerySchema,
        response: { 200: RoundSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      return gatherRound(o.sources, String(req.id), req.query.view === 'mine' ? user : null);
    },
  );
  app.get(
    '/api/round/summary',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The round's rows and months to declare, counted as GET /api/round lists them (the menu's badge)",
        querystring: RoundQuerySchema,
        response: { 200: RoundSummarySchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      return roundSummary(o.sources, String(req.id), req.query.view === 'mine' ? user : null);
    },
  );

  const settingsOf = async (email: string, role: Role) => ({
    ...(await o.reminders.settings(email)),
    mailConfigured: o.mailConfigured,
    eligible: may(role, 'round.remind'),
  });
  app.get(
    '/api/round/reminders',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'My e-mail reminders of the monthly round',
        response: { 200: RoundReminderSettingsSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      return settingsOf(user.email, user.role);
    },
  );
  app.put(
    '/api/round/reminders',
    {
      onRequest: async (req) => checkCsrf(req, o.publicOrigin, true),
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Switch my e-mail reminders of the monthly round on or off, and choose their language',
        body: RoundReminderBodySchema,
        response: { 200: RoundReminderSettingsSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      noStore(reply);
      await o.reminders.setSettings(user.email, req.body, Date.now());
      return settingsOf(user.email, user.role);
    },
  );
};
