import { Agent, createServer, request, type Server } from 'node:http';
import { freePort } from './live.js';

/** A forwarding proxy that counts the requests it passes to the sandbox. */
export async function countingProxy(target: string): Promise<{ url: string; count: () => number; close: () => void }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const to = new URL(target);
  let n = 0;
  const server: Server = createServer((req, res) => {
    n++;
    const up = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, count: () => n, close: () => void server.close() };
}
