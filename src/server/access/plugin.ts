import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACTION_WORDS, may, type Action } from '../../contract/access.js';
import { requireUser } from '../auth/plugin.js';
import { HttpError } from '../http-error.js';
import type { ProjectScope } from './scope.js';

/** What a request asks: an action of the contract (none: any signed-in role) and the project it reads, if any. */
export interface AccessNeed {
  action?: Action;
  /** The project read, whose scope is checked by its id (a role that reads its scope only). */
  project?: string | null;
}

/**
 * Who may call a route, declared with it (`config.access`):
 * - `public`: anyone, signed in or not (sign-in, the links of e-mails, the mode, the probes);
 * - `credential`: whoever holds the route's own credential, which the route checks (the partner's
 *   webhook signature, the metrics token);
 * - `signedIn`: every role;
 * - `{ action, project }`: the roles that may do the action (contract/access.ts), and for a route
 *   that reads one project, the scope checked on its id (read from the validated request);
 * - `{ by }`: a route whose path names what it does (the forwarded operations, the back-office
 *   steps) says it per request; null: nothing it knows (the route answers 404).
 */
export type RouteAccess =
  | 'public'
  | 'credential'
  | 'signedIn'
  | { action?: Action; project?: (req: FastifyRequest) => unknown }
  | { by: (req: FastifyRequest) => AccessNeed | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (access/plugin.ts); every route declares it. */
    access?: RouteAccess;
  }
}

/** A role refused an action, the action said in words (the browser shows the catalogue's sentence). */
const refused = (role: string, action: Action) => new HttpError('FORBIDDEN_ROLE', `The ${role} role cannot ${ACTION_WORDS[action]}.`);

/**
 * Enforces every route's declared access: the session and the role when the request arrives,
 * before its body is read (401 UNAUTHENTICATED, 403 FORBIDDEN_ROLE); the project's scope once the
 * request is validated, on the id it names (403 OUT_OF_SCOPE). A route registered without a
 * declaration stops the server at start.
 */
export const accessPlugin = fp<{ scope: ProjectScope }>(
  async (app, o) => {
    /** The project a `by` route named, checked once the request is validated. */
    const named = new WeakMap<FastifyRequest, string>();
    app.addHook('onRoute', (route) => {
      if (!route.config?.access)
        throw new Error(`${String(route.method)} ${route.url} declares no access (config.access, server/access/plugin.ts)`);
    });
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config.access;
      // (no route: the not-found answer)
      if (!access || access === 'public' || access === 'credential') return;
      const user = requireUser(req);
      if (access === 'signedIn') return;
      const need: AccessNeed | null = 'by' in access ? access.by(req) : { action: access.action };
      if (need?.action && !may(user.role, need.action)) throw refused(user.role, need.action);
      if (need?.project) named.set(req, need.project);
    });
    app.addHook('preHandler', async (req) => {
      const access = req.routeOptions.config.access;
      if (!req.user || typeof access !== 'object') return;
      const project = 'by' in access ? named.get(req) : access.project?.(req);
      if (typeof project !== 'string' || project === '') return;
      // an audited request refused for its project names it in the trail
      if (req.audit && !req.audit.projectId) req.audit.projectId = project;
      await o.scope.check(req.user.role, project, String(req.id));
    });
  },
  // fastify-plugin: the hooks reach the sibling route plugins of /api
  { name: 'access', fastify: '5.x', dependencies: ['auth', 'audit'] },
);
