import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { Upstream } from '../upstream/client.js';
import { healthRoutes } from './routes.js';

async function probes(database: () => Promise<void>, readiness: Awaited<ReturnType<Upstream['readiness']>> = 'ready', synced = true) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let partnerAsked = 0;
  const upstream = {
    readiness: async () => {
      partnerAsked++;
      return readiness;
    },
  } as unknown as Upstream;
  await app.register(healthRoutes, { upstream, mode: 'live', database, synced: async () => synced });
  return { app, asked: () => partnerAsked };
}

describe('/readyz', () => {
  it('is ready when the database and the partner answer', async () => {
    const { app } = await probes(async () => undefined);
    const res = await app.inject('/readyz');
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ready', mode: 'live', sync: 'synced' }]);
  });

  it('answers 503 "database unreachable" when the database does not answer (the balancer stops sending here)', async () => {
    const { app, asked } = await probes(async () => {
      throw new Error('connection refused');
    });
    const res = await app.inject('/readyz');
    expect([res.statusCode, res.json()]).toEqual([503, { status: 'database unreachable', mode: 'live' }]);
    expect(asked()).toBe(0);
    // alive all the same: an orchestrator must not restart a process whose database is away
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('says "never synced" until the read model’s first sync has completed, and stays ready (it serves what it can)', async () => {
    const { app } = await probes(async () => undefined, 'ready', false);
    const res = await app.inject('/readyz');
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ready', mode: 'live', sync: 'never synced' }]);
  });

  it('still says when the partner refuses the token', async () => {
    const { app } = await probes(async () => undefined, 'token refused');
    const res = await app.inject('/readyz');
    expect([res.statusCode, res.json()]).toEqual([503, { status: 'upstream refuses the API token', mode: 'live', sync: 'synced' }]);
  });
});
