import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../../contract/errors.js';
import { FASTIFY_ERROR_CODES } from '../../platform/fastify-errors.js';
import { registerErrorHandler as sandboxErrors } from '../../sandbox/errors.js';
import { PDF_BYTES } from '../../sandbox/test/harness.js';
import { projectAt } from '../../sandbox/test/flows.js';
import { registerErrorHandler as serverErrors } from '../http-error.js';
import { serverForTests, uploadForm } from '../test/harness.js';

/** What an error handler answers to an error Fastify or its multipart parser raises. */
async function answerTo(register: typeof serverErrors, code: string, statusCode: number): Promise<{ status: number; code: string }> {
  const app = Fastify({ logger: false });
  register(app);
  app.get('/', async () => {
    throw Object.assign(new Error(code), { code, statusCode });
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: res.statusCode, code: (res.json() as ErrorEnvelope).code };
}

describe('one mapping of Fastify and multipart errors', () => {
  it('the sandbox and the server answer each with the same code (a request that is not multipart is E0142)', async () => {
    for (const [code, statusCode] of [...Object.keys(FASTIFY_ERROR_CODES).map((c) => [c, 400] as const), ['FST_UNKNOWN', 413] as const]) {
      const sandbox = await answerTo(sandboxErrors, code, statusCode);
      expect({ code, server: await answerTo(serverErrors, code, statusCode) }).toEqual({ code, server: sandbox });
    }
    expect(await answerTo(serverErrors, 'FST_INVALID_MULTIPART_CONTENT_TYPE', 406)).toEqual({ status: 400, code: 'E0142' });
  });
});

describe('the same faulty upload, straight to the sandbox and through the server', () => {
  const ctx = serverForTests('staff');
  const form = uploadForm;
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PDF_BYTES);
  const cases: { name: string; body: () => FormData | string; type?: string }[] = [
    { name: 'JSON instead of a form', body: () => JSON.stringify({ documentType: 1 }), type: 'application/json' },
    { name: 'plain text', body: () => 'a file', type: 'text/plain' },
    { name: 'a form without file', body: () => form({ documentType: '1' }) },
    { name: 'not a PDF or an image', body: () => form({ documentType: '1' }, new TextEncoder().encode('#!/bin/sh')) },
    { name: '10 MB + 1 byte', body: () => form({ documentType: '1' }, big) },
    { name: 'eleven fields', body: () => form(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, 'x'])), PDF_BYTES) },
  ];

  it('gets the same status and code from both', async () => {
    const { s, client: staff } = ctx;
    if (!s.sandbox) throw new Error('no sandbox');
    const project = await projectAt(s.sandbox, 0);
    const path = `/v3/projects/${project.id}/documents`;
    for (const c of cases) {
      const headers: Record<string, string> = c.type ? { 'content-type': c.type } : {};
      const direct = await fetch(s.sandbox.url + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.config.partnerToken}`, ...headers },
        body: c.body(),
      });
      const proxied = await staff.call<ErrorEnvelope>('POST', `/api${path}`, c.body(), headers);
      const sandbox = { status: direct.status, code: ((await direct.json()) as ErrorEnvelope).code };
      expect({ case: c.name, server: { status: proxied.status, code: proxied.body.code } }).toEqual({ case: c.name, server: sandbox });
    }
  });
});
