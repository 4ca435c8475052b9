import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/paths.js';
import { buildServer } from '../app.js';
import { sandboxUsers } from '../auth/users.js';
import { loadConfig } from '../config.js';
import { BACK_OFFICE_STEPS } from '../routes/backoffice.js';
import { startServer, type TestServer } from '../test/harness.js';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let s: TestServer;
let doc: Document;
beforeAll(async () => {
  s = await startServer();
  const res = await s.client().call<Document>('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => s.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
const methodsOf = (m: string | string[]) => (Array.isArray(m) ? m : [m]).filter((x) => x !== 'HEAD');
const schemaOf = (r: { content?: Record<string, { schema?: unknown }> } | undefined) =>
  r ? Object.values(r.content ?? {}).map((c) => c.schema) : [];

describe('the OpenAPI description of /api', () => {
  it('is OpenAPI 3.1, public (no session), and lists every route with its schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    const visible = s.routes.filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide && r.url !== '/*');
    expect(visible.length).toBeGreaterThanOrEqual(17);
    for (const route of visible) {
      const schema = (route.schema ?? {}) as {
        params?: unknown;
        querystring?: unknown;
        body?: unknown;
        response?: Record<string, unknown>;
      };
      for (const method of methodsOf(route.method)) {
        const where = `${method} ${route.url}`;
        const op = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(op, where).toBeDefined();
        if (!op) continue;
        // every route declares its answer, its path parameters and, when it takes one, its body
        expect(schema.response?.['200'], where).toBeDefined();
        expect(schemaOf(op.responses['200']).length, where).toBeGreaterThan(0);
        if (route.url.startsWith('/api/')) expect(schemaOf(op.responses['4XX']).length, `${where} errors`).toBe(1);
        const pathParams = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
        expect(Boolean(schema.params), where).toBe(pathParams.length > 0);
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], where).toEqual(pathParams);
        if (schema.querystring)
          expect(
            op.parameters?.some((p) => p.in === 'query'),
            where,
          ).toBe(true);
        if (schema.body) expect(schemaOf(op.requestBody).length, where).toBe(1);
        // actions named by their path alone take no body (sign-out, the activity the app reports, the team's and the account's buttons)
        const action =
          /^\/api\/(logout|session\/activity|team\/users\/:id\/(invitation|deactivate|reactivate|password-reset)|account\/sessions\/end-others|follows\/:kind\/:id(\/visit)?|notifications\/(:id\/read|read-all))$/;
        if ((method === 'POST' || method === 'PUT') && !action.test(route.url ?? '')) expect(schema.body, where).toBeDefined();
      }
    }
  });

  it('describes the 27 forwarded operations and the back-office steps from the contract and the allow-list', () => {
    for (const op of OPERATIONS) {
      const described = doc.paths[`/api${openApiPath(op.path)}`]?.[op.method.toLowerCase()];
      expect(described, op.id).toBeDefined();
      const success = described?.responses['201'] ?? described?.responses['200'];
      expect(schemaOf(success).length, op.id).toBe(1);
      if ('upload' in op && op.upload) expect(Object.keys(described?.requestBody?.content ?? {}), op.id).toEqual(['multipart/form-data']);
    }
    expect(doc.paths['/api/v3/projects']?.post?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { profile: expect.any(Object), finance: expect.any(Object) },
    });
    for (const step of BACK_OFFICE_STEPS)
      expect(doc.paths[`/api${openApiPath(step.path)}`]?.[step.method.toLowerCase()], step.path).toBeDefined();
  });

  it('leaves the back office out in live mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openapi-live-'));
    const config = loadConfig({
      PARTNER_API_BASE_URL: 'https://partner.example',
      PARTNER_API_TOKEN: 'sk_live_token',
      PARTNER_WEBHOOK_SECRET: 'whsec_bGl2ZQ==',
      SESSION_SECRET: 'x'.repeat(40),
      USERS_FILE: __filename,
      PUBLIC_ORIGIN: 'https://dashboard.example.fr',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
    });
    const live = await buildServer({ config, logger: false, users: await sandboxUsers() });
    try {
      const res = await live.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'dashboard.example.fr' } });
      const paths = Object.keys((res.json() as Document).paths);
      expect(paths).toContain('/api/v3/projects');
      expect(paths.filter((p) => p.startsWith('/api/sandbox'))).toEqual([]);
    } finally {
      await live.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
