import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './postgres.js';

export interface ReplicaProcess {
  base: string;
  child: ChildProcess;
  /** The exit code once it ends (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * A replica in a process of its own, for the tests that kill one (SIGKILL: no graceful release)
 * while another runs in the test: main.ts through tsx on a free port, with `env` (given its
 * address) over the test's own; answered once its /healthz does, refused when it exits first or
 * has not started within 30 s.
 */
export async function startReplica(env: (base: string) => NodeJS.ProcessEnv): Promise<ReplicaProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), PUBLIC_ORIGIN: base, LOG_LEVEL: 'error', ...env(base) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the replica exited (${child.exitCode}) before it listened`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, child, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the replica did not start');
}
