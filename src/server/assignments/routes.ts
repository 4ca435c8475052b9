import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSIGN_ME,
  ASSIGNMENT_PATHS,
  AssignmentBodySchema,
  AssignmentParamsSchema,
  AssignmentSchema,
  ColleaguesSchema,
  mayChangeAssignment,
  type AssignedKind,
  type AssignmentSide,
} from '../../contract/assignments.js';
import { noteOf } from '../audit/plugin.js';
import { checkCsrf, noStore, requireUser } from '../auth/plugin.js';
import type { DirectoryUser, UserDirectory } from '../auth/users.js';
import { HttpError } from '../http-error.js';
import type { ProjectScope } from '../access/scope.js';
import { ERROR_RESPONSES } from '../schemas.js';
import type { Upstream } from '../upstream/client.js';
import type { TodayProvider } from '../upstream/today.js';
import type { AssignmentStore } from './store.js';

const tags = ['Assignments'];

export interface AssignmentRouteOptions {
  assignments: AssignmentStore;
  users: UserDirectory;
  upstream: Upstream;
  scope: ProjectScope;
  publicOrigin: string | null;
  /** "Suivi par X depuis le …" is dated on the partner's clock, among the file's dates. */
  today: TodayProvider;
}

/** The project an assignment's address names (a claim: every role reads the claims); its scope is checked by the access hook. */
const projectOf = (req: FastifyRequest) => {
  const { kind, id } = req.params as { kind?: string; id?: string };
  return kind === 'project' ? id : undefined;
};

/**
 * Who looks after a file: read by anyone who may see the file, set or cleared by staff and
 * managers, taken (or let go of) by an intermediary (mayChangeAssignment); the assignee must be an
 * active colleague who may see it. The active colleagues (id and name) for the select, for staff
 * and managers. Every change is in the audit trail.
 */
export const assignmentRoutes: FastifyPluginAsyncZod<AssignmentRouteOptions> = async (app, o) => {
  /** Whether the partner knows this file (of our organization): a 404 otherwise, before anything is written. */
  const fileExists = async (kind: AssignedKind, id: string, requestId: string) => {
    const path = kind === 'project' ? `/v3/projects/${id}` : `/v1/claims/${id}/documents/required`;
    const res = await o.upstream.request({ method: 'GET', path, requestId, idempotent: true });
    res.body.resume();
    if (res.status === 200) return;
    if (res.status >= 500) throw new HttpError('UPSTREAM_UNAVAILABLE', `The partner service answered ${res.status}.`);
    throw new HttpError('NOT_FOUND', `No ${kind} ${id} in this organization: check the address.`);
  };
  /** Whether a colleague may see the file: claims, every role; a project, as its scope says. */
  const maySee = (role: DirectoryUser['role'], kind: AssignedKind, id: string, requestId: string) =>
    kind === 'claim' ? Promise.resolve(true) : o.scope.allows(role, id, requestId);
  const colleague = (u: DirectoryUser | undefined) => (u ? { id: u.id, name: u.name } : null);
  const answer = async (kind: AssignedKind, id: string, me: string) => {
    const a = await o.assignments.get(kind, id);
    if (!a) return { assignee: null, assignedBy: null, assignedAt: null, mine: false };
    const [assignee, by] = await Promise.all([o.users.byId(a.userId), o.users.byId(a.assignedBy)]);
    return {
      assignee: colleague(assignee) ?? { id: a.userId, name: '?' },
      assignedBy: colleague(by),
      assignedAt: new Date(a.assignedAt).toISOString(),
      mine: a.userId === me,
    };
  };
  const sideOf = (userId: string | null, me: string): AssignmentSide => (userId === null ? 'nobody' : userId === me ? 'me' : 'other');

  app.get(
    ASSIGNMENT_PATHS.colleagues,
    {
      config: { access: { action: 'file.assign' } },
      schema: {
        tags,
        summary: 'The active colleagues, id and name (staff and managers)',
        response: { 200: ColleaguesSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      noStore(reply);
      const all = await o.users.all();
      return { colleagues: all.filter((u) => u.state === 'active').map((u) => ({ id: u.id, name: u.name })), me: me.id };
    },
  );

  app.get(
    ASSIGNMENT_PATHS.assignment,
    {
      config: { access: { project: projectOf } },
      schema: {
        tags,
        summary: 'Who looks after a project or a claim',
        params: AssignmentParamsSchema,
        response: { 200: AssignmentSchema, ...ERROR_RESPONSES },
      },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const { kind, id } = req.params;
      noStore(reply);
      return answer(kind, id, me.id);
    },
  );

  app.put(
    ASSIGNMENT_PATHS.assignment,
    {
      onRequest: async (req) => checkCsrf(req, o.publicOrigin, true),
      config: { access: { project: projectOf }, audit: 'assignFile' },
      schema: {
        tags,
        summary:
          'Sets who looks after a project or a claim (userId, `me`), or nobody (null); staff and managers, or an intermediary taking a file nobody looks after (or letting go of their own)',
        params: AssignmentParamsSchema,
        body: AssignmentBodySchema,
        response: { 200: AssignmentSchema, ...ERROR_RESPONSES },
      },
    },
    async (req) => {
      const me = requireUser(req);
      const { kind, id } = req.params;
      const note = noteOf(req);
      if (kind === 'project') note.projectId = id;
      else note.claimId = id;
      const userId = req.body.userId === ASSIGN_ME ? me.id : req.body.userId;
      const target = userId === null ? null : await o.users.byId(userId);
      note.details = { kind, assignee: target ? target.email : userId === null ? 'nobody' : userId };
      // an intermediary takes a file nobody looks after, or lets go of their own: never a colleague's
      const current = await o.assignments.get(kind, id);
      if (!mayChangeAssignment(me.role, { to: sideOf(userId, me.id), current: sideOf(current?.userId ?? null, me.id) }))
        throw new HttpError(
          'FORBIDDEN_ROLE',
          'An intermediary may take a file nobody looks after, or let go of their own; a colleague assigns the others.',
        );
      await fileExists(kind, id, String(req.id));
      if (userId !== null) {
        if (!target || target.state !== 'active' || !(await maySee(target.role, kind, id, String(req.id))))
          throw new HttpError('ASSIGNEE_INVALID', 'userId: the colleague must be an active user who may see this file.');
      }
      await o.assignments.set(kind, id, target ? target.id : null, me.id, (await o.today.now(String(req.id))).getTime());
      return answer(kind, id, me.id);
    },
  );
};
