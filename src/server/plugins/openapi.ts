import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GUID_PATTERN } from '../../contract/common.js';
import { ErrorEnvelopeSchema } from '../../contract/errors.js';
import { OPERATIONS, type OperationId } from '../../contract/paths.js';
import { OPERATION_ANSWERS } from '../../contract/responses.js';
import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../contract/session.js';
import { SESSION_COOKIE } from '../auth/plugin.js';
import type { BackOfficeStep } from '../routes/backoffice.js';
import { BODY_SCHEMAS } from '../upstream/bodies.js';

export interface OpenApiOptions {
  mode: 'sandbox' | 'live';
  /** The sandbox's address in sandbox mode: its own OpenAPI description details the partner operations. */
  sandboxUrl: string | null;
  /** The back-office steps forwarded in sandbox mode (none in live mode). */
  backOffice: readonly BackOfficeStep[];
}

type JsonSchema = Record<string, unknown>;
const json = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
const envelope = (description: string) => ({
  description,
  content: { 'application/json': { schema: json(ErrorEnvelopeSchema, 'output') } },
});
const ERRORS = { '4XX': envelope('The error envelope'), '5XX': envelope('The error envelope (details are logged, not sent)') };

/** `/v3/projects/:id` → `/api/v3/projects/{id}` with its GUID parameters. */
function templated(path: string) {
  const names = [...path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1] ?? '');
  return {
    path: `/api${path.replace(/:([a-zA-Z]+)/g, '{$1}')}`,
    parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: `^${GUID_PATTERN}$` } })),
  };
}

const UPLOAD_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['documentType', 'file'],
        properties: {
          documentType: { type: 'string', description: 'The document type code' },
          comment: { type: 'string', maxLength: 1000 },
          file: { type: 'string', format: 'binary', description: 'PDF, JPEG, PNG or GIF (by content), at most 10 MB' },
        },
      },
    },
  },
};

/** The 27 forwarded operations, from the contract: path, parameters, body and answer schemas. */
function forwardedOperations(today: string): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const { path, parameters } = templated(op.path);
    const body = BODY_SCHEMAS[op.id as OperationId];
    const answer = OPERATION_ANSWERS[op.id as OperationId];
    const success =
      answer === 'pdf'
        ? { description: 'The certificate', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
        : {
            description: 'The partner’s answer, checked against the contract',
            content: { 'application/json': { schema: json(answer, 'output') } },
          };
    paths[path] = {
      ...paths[path],
      [op.method.toLowerCase()]: {
        operationId: op.id,
        tags: [op.area === 'claims' ? 'Partner: claims (v1)' : 'Partner: projects (v3)'],
        summary: `${op.id} (forwarded to the partner)`,
        parameters: [
          ...parameters,
          ...('creates' in op && op.creates
            ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' } }]
            : []),
        ],
        ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: json(body(today), 'input') } } } } : {}),
        ...('upload' in op && op.upload ? { requestBody: UPLOAD_BODY } : {}),
        responses: { [('creates' in op && op.creates) || ('upload' in op && op.upload) ? '201' : '200']: success, ...ERRORS },
      },
    };
  }
  return paths;
}

function backOfficeOperations(steps: readonly BackOfficeStep[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const step of steps) {
    const { path, parameters } = templated(step.path);
    paths[path] = {
      ...paths[path],
      [step.method.toLowerCase()]: {
        tags: ['Sandbox back office'],
        summary: `${step.summary} (sandbox mode, managers and staff)`,
        parameters,
        ...(step.method === 'POST'
          ? {
              requestBody: {
                required: false,
                content: { 'application/json': { schema: { type: 'object', description: 'As the sandbox takes it' } } },
              },
            }
          : {}),
        responses: { '200': { description: 'The sandbox’s answer', content: { 'application/json': { schema: {} } } }, ...ERRORS },
      },
    };
  }
  return paths;
}

const DESCRIPTION = `
The dashboard server's own API (\`/api\`), for its single-page app. Generated from the routes' schemas, which are the
contract's zod schemas (\`src/contract\`).

**Session**: \`POST /api/login\` sets the HttpOnly cookie \`${SESSION_COOKIE}\`; every state-changing request sends the
session's CSRF token (\`GET /api/session\` → \`csrfToken\`) in \`${CSRF_HEADER}\` and our \`Origin\`. Answers of \`/api\` are
\`Cache-Control: no-store\`. Roles: manager, staff, intermediary. A session ends after its idle limit without activity
(a write, or \`POST /api/session/activity\`; reads are not activity) and at its absolute limit after sign-in.

**Errors**: always \`{ code, message, requestId, details? }\` with an \`X-Request-Id\` header.

**Forwarded operations**: exactly the 27 operations of the partner API (\`/api/v1/...\`, \`/api/v3/...\`), each body checked
with its contract schema (with the partner's today) and each answer checked before it is forwarded. Creating POSTs honour
an \`${IDEMPOTENCY_HEADER}\`. The partner's own description details every rule and code.
`;

/**
 * The OpenAPI 3.1 description of /api, built by @fastify/swagger from every route's zod schemas,
 * plus the 27 forwarded operations and the back-office steps (described from the contract and
 * the allow-list: their routes are wildcards). Served at GET /api/openapi.json, public: it holds
 * no data and no secret, only what the app's bundle already shows, and tools read it unsigned.
 */
export const openApiPlugin = fp<OpenApiOptions>(
  async (app, o) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Partner dashboard server', version: '1.0.0', description: DESCRIPTION },
        ...(o.sandboxUrl
          ? { externalDocs: { description: 'The partner operations in detail: the sandbox’s description', url: `${o.sandboxUrl}/docs` } }
          : {}),
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
        security: [{ session: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (doc) => {
        const base = jsonSchemaTransformObject(doc);
        const today = new Date().toISOString().slice(0, 10);
        return {
          ...base,
          paths: { ...base.paths, ...forwardedOperations(today), ...backOfficeOperations(o.mode === 'sandbox' ? o.backOffice : []) },
        };
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  },
  // fastify-plugin: @fastify/swagger must see the routes of every plugin registered after it
  { name: 'openapi', fastify: '5.x' },
);
