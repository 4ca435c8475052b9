import { Agent } from 'undici';
import { buildSandbox } from '../sandbox/app.js';
import type { Config } from './config.js';

/**
 * Sandbox mode only: the embedded partner-service stand-in, on SANDBOX_PORT, webhooks to us. When
 * this server speaks HTTPS (a certificate), the sandbox delivers to it over HTTPS on loopback and
 * does not check the certificate, which names the host browsers use, not 127.0.0.1, and is often
 * self-signed on a demo machine: the deliveries go to this very process and are signed.
 */
export async function startEmbeddedSandbox(config: Config): Promise<() => Promise<void>> {
  const port = Number(new URL(config.upstreamUrl).port);
  const dispatcher = config.tls ? new Agent({ connect: { rejectUnauthorized: false } }) : undefined;
  const { app } = await buildSandbox({
    dataDir: config.dataDir,
    logger: { level: config.logLevel === 'info' ? 'warn' : config.logLevel },
    webhookUrl: `${config.tls ? 'https' : 'http'}://127.0.0.1:${config.port}/webhooks/partner`,
    publicBaseUrl: config.upstreamUrl,
    ...(dispatcher ? { webhooks: { dispatcher } } : {}),
  });
  await app.listen({ host: '127.0.0.1', port });
  return async () => {
    await app.close();
    await dispatcher?.close();
  };
}
