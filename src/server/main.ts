import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildServer } from './app.js';

/**
 * Starts the dashboard. Without PARTNER_API_BASE_URL the embedded sandbox starts first, with its
 * webhooks pointed at this server, so a fresh checkout runs with no credentials.
 *
 * Stops gracefully on SIGTERM or SIGINT (close-with-grace): the server stops accepting
 * connections, ends the event streams with a retry hint, lets requests in flight finish (at most
 * SHUTDOWN_GRACE_MS, then exits anyway), then closes the stores and the embedded sandbox.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const closers: (() => Promise<unknown>)[] = [];
  if (config.mode === 'sandbox') {
    const { startEmbeddedSandbox } = await import('./start-sandbox.js');
    closers.push(await startEmbeddedSandbox(config));
  }
  const { app } = await buildServer({ config });
  closers.unshift(() => app.close());
  closeWithGrace({ delay: config.shutdownGraceMs, logger: { error: (m: unknown) => app.log.error(m) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an unexpected error');
    else app.log.info(`${signal ?? 'close'}: stopping (requests in flight finish first)`);
    for (const close of closers) await close().catch((e: unknown) => app.log.error({ err: e }, 'while stopping'));
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Partner dashboard on ${config.tls ? 'https' : 'http'}://${config.host}:${config.port}${config.tls ? ' (HTTP/2 and HTTP/1.1)' : ''} (${config.mode} mode, partner service ${config.mode === 'sandbox' ? 'embedded sandbox' : 'live'})`,
  );
}

void main();
