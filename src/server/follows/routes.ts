import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CursorQuerySchema,
  DigestHourSchema,
  FOLLOW_PATHS,
  FollowParamsSchema,
  FollowStateSchema,
  FollowedPageSchema,
  NotificationPageSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
  UnsubscribeResultSchema,
  type FollowState,
  type FollowedKind,
} from '../../contract/follows.js';
import { noteOf } from '../audit/plugin.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import type { ServerDb } from '../db/db.js';
import { HttpError } from '../http-error.js';
import { ERROR_RESPONSES } from '../schemas.js';
import { readUnsubscribeToken } from './mail.js';
import type { Notifier } from './notifier.js';
import type { FollowStore } from './store.js';

const tags = ['Following and notifications'];

export interface FollowRouteOptions {
  store: FollowStore;
  notifier: Notifier;
  db: ServerDb;
  /** The server's secret, which signs the unsubscribe links. */
  secret: string;
  publicOrigin: string | null;
  now: () => number;
}

/** The project a follow's address names (a claim: every role reads the claims); its scope is checked by the access hook. */
const projectOf = (req: FastifyRequest) => {
  const { kind, id } = req.params as { kind?: string; id?: string };
  return kind === 'project' ? id : undefined;
};

const Token = z.string().max(400);
const UnsubscribeBodySchema = z.union([
  z.object({ t: Token.optional(), 'List-Unsubscribe': z.string().max(40).optional() }),
  z.undefined(),
  z.null(),
]);

/**
 * Following a file (its page's bell), the notifications (the header's bell and its list), the
 * e-mail choice, the organization's digest hour, and the e-mails' one-click unsubscribe. A file is
 * followed only if it exists in the read model (404) and the reader may see it (403 OUT_OF_SCOPE,
 * by the access hook, before anything is written).
 */
export const followRoutes: FastifyPluginAsyncZod<FollowRouteOptions> = async (app, o) => {
  const { store } = o;
  const csrf = async (req: FastifyRequest) => checkCsrf(req, o.publicOrigin, true);
  // the RFC 8058 one-click POST is a form (List-Unsubscribe=One-Click), the token in the URL
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const exists = async (kind: FollowedKind, id: string) => {
    const table = kind === 'claim' ? 'rm_claims' : 'rm_projects';
    const r = await o.db.selectFrom(table).select('id').where('id', '=', id.toLowerCase()).executeTakeFirst();
    if (!r) throw new HttpError('NOT_FOUND', `No ${kind} ${id} is known to the dashboard: check the address.`);
  };
  const stateOf = async (userId: string, kind: FollowedKind, id: string) => {
    const f = await store.followOf(userId, kind, id);
    const since = f?.last_visit_at ?? null;
    return {
      following: f !== undefined,
      reason: f ? (f.reason as 'manual') : null,
      lastVisitAt: since === null ? null : new Date(Number(since)).toISOString(),
      sinceLastVisit: f ? await store.about(userId, kind, id, since) : [],
    };
  };
  const audited = (req: FastifyRequest, kind: FollowedKind, id: string) => {
    const note = noteOf(req);
    if (kind === 'project') note.projectId = id;
    else note.claimId = id;
  };

  /**
   * A route on one file the reader may see (a project's scope checked by the access hook before
   * anything is written): does its part, and answers the reader's follow state of the file.
   */
  const onFile = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    summary: string,
    audit: 'followFile' | 'unfollowFile' | null,
    answer: (userId: string, kind: FollowedKind, id: string) => Promise<FollowState>,
  ) =>
    app.route({
      method,
      url,
      ...(method === 'GET' ? {} : { onRequest: csrf }),
      config: { access: { project: projectOf }, ...(audit ? { audit } : {}) },
      schema: { tags, summary, params: FollowParamsSchema, response: { 200: FollowStateSchema, ...ERROR_RESPONSES } },
      handler: async (req, reply) => {
        const me = requireUser(req);
        const { kind, id } = req.params;
        noStore(reply);
        if (audit) audited(req, kind, id);
        return answer(me.id, kind, id);
      },
    });

  onFile('GET', FOLLOW_PATHS.follow, 'Whether the reader follows a file, and what changed on it since she last opened it', null, stateOf);
  onFile(
    'PUT',
    FOLLOW_PATHS.follow,
    'Follows a project or a claim the reader may see (404: unknown to the dashboard; 403 OUT_OF_SCOPE)',
    'followFile',
    async (userId, kind, id) => {
      await exists(kind, id);
      const at = o.now();
      await store.follow(userId, kind, id, 'manual', at);
      // a project's claims come with it, those opened already as those opened later (the notifier's
      // 'project' reason): every role reads the claims, so its scope holds them
      if (kind === 'project') await store.followClaimsOf(userId, id, at);
      return stateOf(userId, kind, id);
    },
  );
  onFile(
    'DELETE',
    FOLLOW_PATHS.follow,
    'Stops following a file (nothing more is told about it)',
    'unfollowFile',
    async (userId, kind, id) => {
      await store.unfollow(userId, kind, id);
      return stateOf(userId, kind, id);
    },
  );
  onFile(
    'POST',
    FOLLOW_PATHS.visit,
    'The reader opened the file’s page: her last visit is now, its notifications read; answers the state as it was before',
    null,
    async (userId, kind, id) => {
      const before = await stateOf(userId, kind, id);
      if ((await store.visit(userId, kind, id, o.now())) > 0) await o.notifier.announce([userId]);
      return before;
    },
  );

  app.get(
    FOLLOW_PATHS.follows,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The files the reader follows, newest first',
        querystring: CursorQuerySchema,
        response: { 200: FollowedPageSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      return store.followed(me.id, req.query);
    },
  );

  app.get(
    FOLLOW_PATHS.notifications,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The reader’s notifications, newest first, and how many are unread',
        querystring: CursorQuerySchema,
        response: { 200: NotificationPageSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      const [page, unread] = await Promise.all([store.page(me.id, req.query), store.unread(me.id)]);
      return { ...page, unread };
    },
  );

  app.get(
    FOLLOW_PATHS.unread,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'How many of the reader’s notifications are unread',
        response: { 200: UnreadCountSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      return { unread: await store.unread(me.id) };
    },
  );

  app.post(
    FOLLOW_PATHS.read,
    {
      onRequest: csrf,
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Marks one of the reader’s notifications read (404: not hers)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: UnreadCountSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      if (!(await store.markRead(me.id, req.params.id, o.now()))) throw new HttpError('NOT_FOUND', 'No such notification.');
      await o.notifier.announce([me.id]);
      return { unread: await store.unread(me.id) };
    },
  );

  app.post(
    FOLLOW_PATHS.readAll,
    {
      onRequest: csrf,
      config: { access: 'signedIn' },
      schema: { tags, summary: 'Marks all the reader’s notifications read', response: { 200: UnreadCountSchema, ...ERROR_RESPONSES } },
    },
    async (req) => {
      const me = requireUser(req);
      if ((await store.markAllRead(me.id, o.now())) > 0) await o.notifier.announce([me.id]);
      return { unread: 0 };
    },
  );

  app.get(
    FOLLOW_PATHS.preferences,
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'The reader’s e-mail choice', response: { 200: NotificationPreferencesSchema, ...ERROR_RESPONSES } },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      return { email: await store.emailChoice(me.id) };
    },
  );

  app.put(
    FOLLOW_PATHS.preferences,
    {
      onRequest: csrf,
      config: { access: 'signedIn', audit: 'setNotificationEmail' },
      schema: {
        tags,
        summary: 'Sets the reader’s e-mail choice: none, a daily digest, or the urgent at once and the rest in the digest',
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      noteOf(req).details = { emailChoice: req.body.email };
      await store.setEmailChoice(me.id, req.body.email, o.now());
      return { email: req.body.email };
    },
  );

  app.get(
    FOLLOW_PATHS.digestHour,
    {
      config: { access: { action: 'settings.change' } },
      schema: {
        tags,
        summary: 'The hour the daily digests leave (partner’s time zone)',
        response: { 200: DigestHourSchema, ...ERROR_RESPONSES },
      },
    },
    async (_req, reply) => {
      noStore(reply);
      return { hour: await store.digestHour() };
    },
  );

  app.put(
    FOLLOW_PATHS.digestHour,
    {
      onRequest: csrf,
      config: { access: { action: 'settings.change' }, audit: 'setDigestHour' },
      schema: {
        tags,
        summary: 'Sets the hour the daily digests leave, 0 to 23 in the partner’s time zone (managers)',
        body: DigestHourSchema,
        response: { 200: DigestHourSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      noteOf(req).details = { hour: req.body.hour };
      await store.setDigestHour(req.body.hour, o.now());
      return { hour: req.body.hour };
    },
  );

  app.post(
    FOLLOW_PATHS.unsubscribe,
    {
      // the signed token is the credential: RFC 8058's POST comes from the mail client, without an
      // Origin or a session, so this route alone has no CSRF check (it can only stop e-mails)
      config: { access: 'public', audit: 'unsubscribe' },
      schema: {
        tags,
        summary:
          'Stops one kind of e-mail for the person its signed link names (RFC 8058 one-click: `List-Unsubscribe=One-Click` form, token in `?t=`; or JSON `{ t }` from the page). 400 UNSUBSCRIBE_LINK_INVALID for a forged or expired link; a used one answers `already`',
        querystring: z.object({ t: Token.optional() }),
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResultSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const token = req.query.t ?? (req.body && 't' in req.body ? req.body.t : undefined) ?? '';
      const now = o.now();
      const link = readUnsubscribeToken(o.secret, token, now);
      if (!link)
        throw new HttpError(
          'UNSUBSCRIBE_LINK_INVALID',
          'This unsubscribe link is not valid (incomplete, altered or expired): nothing has changed.',
        );
      const who = await store.userById(link.userId);
      if (!who)
        throw new HttpError('UNSUBSCRIBE_LINK_INVALID', 'This unsubscribe link names nobody of this dashboard: nothing has changed.');
      const note = noteOf(req);
      note.actor = { id: who.email, name: who.name, role: who.role };
      const choice = await store.emailChoice(link.userId);
      // the digest's link stops every e-mail; the urgent's, the immediate ones (the digest goes on)
      const next = link.kind === 'digest' ? 'none' : 'digest';
      const stops = link.kind === 'digest' ? choice !== 'none' : choice === 'urgent';
      const fresh = await store.useLink(link.hash, now);
      if (!fresh || !stops) {
        note.details = { emailChoice: choice };
        return { result: 'already' as const, stopped: link.kind };
      }
      await store.setEmailChoice(link.userId, next, now);
      note.details = { emailChoice: next };
      return { result: 'unsubscribed' as const, stopped: link.kind };
    },
  );
};
