import { z } from 'zod';
import { buildSandbox } from './app.js';

const Env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  /** Interface to bind: loopback unless the dashboard runs elsewhere (containers: 0.0.0.0). */
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  /** Scale of the demo data on a fresh start (benchmarks): Demo Agency's projects and claims. */
  SANDBOX_SEED_PROJECTS: z.coerce.number().int().min(1).max(20_000).optional(),
  SANDBOX_SEED_CLAIMS: z.coerce.number().int().min(0).max(5_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  console.error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(1);
}
const env = parsed.data;
const { app } = await buildSandbox({
  dataDir: env.DATA_DIR,
  logger: { level: env.LOG_LEVEL },
  webhookUrl: env.SANDBOX_WEBHOOK_URL ?? null,
  publicBaseUrl: `http://127.0.0.1:${env.SANDBOX_PORT}`,
  seedScale: { projects: env.SANDBOX_SEED_PROJECTS, claims: env.SANDBOX_SEED_CLAIMS },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
await app.listen({ host: env.SANDBOX_HOST, port: env.SANDBOX_PORT });
