import { buildSandbox } from '../sandbox/app.js';
import type { Config } from './config.js';

/** Sandbox mode only: the embedded partner-service stand-in, on SANDBOX_PORT, webhooks to us. */
export async function startEmbeddedSandbox(config: Config): Promise<() => Promise<void>> {
  const port = Number(new URL(config.upstreamUrl).port);
  const { app } = await buildSandbox({
    dataDir: config.dataDir,
    logger: { level: config.logLevel === 'info' ? 'warn' : config.logLevel },
    webhookUrl: `http://127.0.0.1:${config.port}/webhooks/partner`,
    publicBaseUrl: config.upstreamUrl,
  });
  await app.listen({ host: '127.0.0.1', port });
  return () => app.close();
}
