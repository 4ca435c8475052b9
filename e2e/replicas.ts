import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/auth/users.js';
import { SANDBOX_DEFAULT_TOKEN, SANDBOX_DEFAULT_WEBHOOK_SECRET } from '../src/server/config.js';
import { freePort, startCluster, type TestCluster } from '../src/server/test/postgres.js';

/**
 * Two replicas of the dashboard (the compiled server, as `npm run serve` runs it, in live mode)
 * on one PostgreSQL (a cluster of the test's own, as the server's tests start theirs), in front of
 * one sandbox (its own process, seeded), behind one origin: a small balancer in the test sends
 * every request to replica A until A is gone, then to B, so the browser keeps its session and
 * its origin (as deploy/Caddyfile's does: a request A drops midway is answered 502). Between A and the sandbox a relay passes every call on, except the declarations of
 * a month from the one numbered `holdFrom` on: that one reaches the partner and its answer is held
 * (the month is recorded, A does not know it), the later ones are held before the partner (A sent
 * them, the partner never sees them); once `holdAfter` of those are held too, every declaration A
 * was given is held (the browser sends a few at a time), and the test kills A. The partner's webhooks come through the balancer.
 */
export interface TwoReplicas {
  /** What the browser opens. */
  origin: string;
  /** The partner (the sandbox), for a test's own calls with its token. */
  partner: (path: string) => Promise<unknown>;
  /** Resolves once A holds a declaration the partner recorded and `holdAfter` the partner was not sent. */
  held: Promise<void>;
  /** The claim whose declaration the partner recorded while its answer was held, and those held before the partner. */
  heldAnswer: () => string | null;
  heldRequests: () => string[];
  /** SIGKILL to replica A (no graceful close): its connections drop, the balancer sends to B. */
  killA: () => Promise<void>;
  /** Each request the balancer passed on: method, path and the replica that got it. */
  routed: { method: string; path: string; to: 'a' | 'b' }[];
  /** A query on the replicas' database. */
  query: <R extends pg.QueryResultRow>(text: string) => Promise<R[]>;
  stop: () => Promise<void>;
}

const DECLARATION = /^\/v1\/claims\/([0-9a-f-]{36})\/rentaldebts$/i;

const bodyOf = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Passes `req` (its body read already) to the server at `port`; `onError` when it cannot be reached or drops the connection. */
function pass(req: IncomingMessage, body: Buffer, res: ServerResponse, port: number, onError: (err: NodeJS.ErrnoException) => void) {
  const up = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
    answer.on('error', () => res.destroy());
    answer.on('aborted', () => res.destroy());
  });
  up.on('error', onError);
  up.end(body);
}

async function listen(server: Server): Promise<number> {
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return port;
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function node(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', script], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function twoReplicas(o: {
  projects: number;
  claims: number;
  /** The declaration whose answer is held: the partner has recorded it. */
  holdFrom: number;
  /** How many declarations after it A must have sent (held before the partner) for `held` to resolve. */
  holdAfter: number;
}): Promise<TwoReplicas> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-replicas-'));
  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  let cluster: TestCluster | null = null;
  let db: pg.Client | null = null;
  const stop = async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
    await db?.end().catch(() => undefined);
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cluster = await startCluster();
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE dashboard');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/dashboard';
    const databaseUrl = url.toString();

    // the balancer: A until it is gone (it refuses connections, or the test killed it), then B
    const ports = { a: await freePort(), b: await freePort() };
    let aGone = false;
    const routed: TwoReplicas['routed'] = [];
    const balancer = createServer((req, res) => {
      void bodyOf(req).then((body) => {
        const to = (target: 'a' | 'b') => {
          routed.push({ method: req.method ?? 'GET', path: req.url ?? '/', to: target });
          pass(req, body, res, ports[target], (err) => {
            // as the deployment's Caddy does: a replica that refuses the connection was sent
            // nothing, the other one gets the request; one that drops a request it was given
            // leaves it answered 502
            if (target === 'a' && err.code === 'ECONNREFUSED') {
              aGone = true;
              to('b');
            } else if (!res.headersSent) {
              res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
            } else res.destroy();
          });
        };
        to(aGone ? 'b' : 'a');
      });
    });
    servers.push(balancer);
    const origin = `http://127.0.0.1:${await listen(balancer)}`;

    const sandboxPort = await freePort();
    const sandbox = `http://127.0.0.1:${sandboxPort}`;
    children.push(
      node('build/sandbox/main.js', {
        SANDBOX_PORT: String(sandboxPort),
        DATA_DIR: join(dir, 'sandbox'),
        SANDBOX_SEED_PROJECTS: String(o.projects),
        SANDBOX_SEED_CLAIMS: String(o.claims),
        SANDBOX_WEBHOOK_URL: `${origin}/webhooks/partner`,
      }),
    );
    await ready(`${sandbox}/healthz`, children[0] as ChildProcess);

    // A's relay to the partner
    let declarations = 0;
    let heldAnswer: string | null = null;
    const heldRequests: string[] = [];
    let markHeld: () => void = () => undefined;
    const held = new Promise<void>((r) => (markHeld = r));
    const relay = createServer((req, res) => {
      void bodyOf(req).then((body) => {
        const claim = req.method === 'POST' ? DECLARATION.exec(req.url ?? '')?.[1] : undefined;
        const n = claim ? ++declarations : 0;
        if (claim && n > o.holdFrom) {
          heldRequests.push(claim); // sent by A, never given to the partner
          if (heldAnswer && heldRequests.length >= o.holdAfter) markHeld();
          return;
        }
        const up = request({ host: '127.0.0.1', port: sandboxPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          if (claim && n === o.holdFrom) {
            heldAnswer = claim; // recorded by the partner, its answer never given to A
            answer.resume();
            if (heldRequests.length >= o.holdAfter) markHeld();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        up.on('error', () => res.destroy());
        up.end(body);
      });
    });
    servers.push(relay);
    const relayPort = await listen(relay);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const users = join(dir, 'users.json');
    writeFileSync(users, JSON.stringify({ users: DEMO_USERS.map((u) => ({ ...u, passwordHash })) }));
    const replica = (name: 'a' | 'b', partner: string) =>
      node('build/server/main.js', {
        PORT: String(ports[name]),
        DATA_DIR: join(dir, name),
        DATABASE_URL: databaseUrl,
        PARTNER_API_BASE_URL: partner,
        PARTNER_API_TOKEN: SANDBOX_DEFAULT_TOKEN,
        PARTNER_WEBHOOK_SECRET: SANDBOX_DEFAULT_WEBHOOK_SECRET,
        SESSION_SECRET: 'two-replicas-share-this-session-secret-0123456789',
        USERS_FILE: users,
        PUBLIC_ORIGIN: origin,
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        SYNC_LEASE_SECONDS: '5',
      });
    // A first: it applies the migrations B then finds done
    const a = replica('a', `http://127.0.0.1:${relayPort}`);
    children.push(a);
    await ready(`http://127.0.0.1:${ports.a}/readyz`, a);
    const b = replica('b', sandbox);
    children.push(b);
    await ready(`http://127.0.0.1:${ports.b}/readyz`, b);

    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const client = db;
    return {
      origin,
      partner: async (path) => (await fetch(sandbox + path, { headers: { authorization: `Bearer ${SANDBOX_DEFAULT_TOKEN}` } })).json(),
      held,
      heldAnswer: () => heldAnswer,
      heldRequests: () => [...heldRequests],
      killA: async () => {
        aGone = true;
        a.kill('SIGKILL');
        if (a.exitCode === null && a.signalCode === null) await once(a, 'exit');
      },
      routed,
      query: async <R extends pg.QueryResultRow>(text: string) => (await client.query<R>(text)).rows,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
