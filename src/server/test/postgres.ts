import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Debian's PostgreSQL server binaries (`apt-get install -y postgresql`); PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface TestCluster {
  /** The admin connection (database `postgres`, user `app`, no password: trust on loopback). */
  adminUrl: string;
  /** The postmaster's process id (its backends are its children): what the benchmarks sample. */
  pid: number;
  /** Stops the server (pg_ctl stop, fast: its connections are cut) and keeps its data: start() brings it back on the same port. */
  halt: () => Promise<void>;
  /** Starts the halted server again (pg_ctl start, waiting until it accepts connections); `pid` is the new postmaster's. */
  start: () => Promise<void>;
  stop: () => void;
}

/** A port nothing listens on now (the OS picks it): for a process a test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway PostgreSQL cluster: initdb in a temporary directory, started on a free loopback
 * port (or the one given), durability off (tests only), removed by stop(). initdb refuses root: as root it runs as
 * the `postgres` system user. Missing binaries fail loudly: the PostgreSQL run is never skipped.
 */
export async function startCluster(o: { port?: number } = {}): Promise<TestCluster> {
  const initdb = join(PG_BIN, 'initdb');
  if (!existsSync(initdb))
    throw new Error(
      `PostgreSQL server binaries not found in ${PG_BIN}: install them (apt-get install -y postgresql) or set PG_BIN. The PostgreSQL run of the tests cannot be skipped.`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'pd-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const command = (bin: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args];
  const run = (bin: string, args: string[]) => execFileSync(...command(bin, args), { stdio: 'pipe' });
  // while the test's own servers keep running (the event loop is not held)
  const runAsync = async (bin: string, args: string[]) => void (await promisify(execFile)(...command(bin, args)));
  const data = join(dir, 'data');
  const port = o.port ?? (await freePort());
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'];
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'app', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    run('pg_ctl', startArgs);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`Could not start a test PostgreSQL cluster: ${e.stderr?.toString() ?? e.message}`, { cause: err });
  }
  const cluster: TestCluster = {
    adminUrl: `postgres://app@127.0.0.1:${port}/postgres`,
    pid: postmaster(),
    halt: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: async () => {
      await runAsync('pg_ctl', startArgs);
      cluster.pid = postmaster();
    },
    stop: () => {
      try {
        // (a halted server has nothing to stop)
        if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
