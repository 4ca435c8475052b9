import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contract/audit.js';
import { claimOn } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { expectEveryClaimReadAgain, startServer, type Client, type TestServer } from '../test/harness.js';
import { backup, restore } from './backup.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them: the compiled scripts (node
 * alone, in processes of their own) on the DATA_DIR of a server that runs here, in front of a
 * sandbox that stands for the partner and outlives the servers.
 */
const out = join('node_modules', '.cache', `backup-test-${randomBytes(6).toString('hex')}`);
const work = mkdtempSync(join(tmpdir(), 'backup-test-'));
let sb: TestSandbox;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outdir', out]);
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
}, 60_000);
afterAll(async () => {
  await sb.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** What `npm run <script>` runs (package.json), from `out` instead of build/: its exit code and what it said. */
async function run(script: 'backup' | 'restore' | 'audit-verify', dataDir: string, ...args: string[]) {
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir };
  return promisify(execFile)(process.execPath, ['--enable-source-maps', join(out, 'server', `${script}.js`), ...args], { env }).then(
    (r) => ({ code: 0, said: r.stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, said: e.stdout }),
  );
}

/** A server on `dataDir` (kept when it closes) in front of the test's sandbox, syncing its read model by itself. */
const serverOn = (dataDir: string): Promise<TestServer> =>
  startServer({ sandboxUrl: sb.url, env: { DATA_DIR: dataDir }, server: { sync: { background: true, renewMs: 200 } } });

/** A colleague invited by the manager, who chose a password through the link: their id. */
async function colleague(s: TestServer, manager: Client, email: string): Promise<string> {
  const invited = await manager.call<{ link: string; user: { id: string } }>('POST', '/api/team/invitations', {
    email,
    name: 'Inès Invitée',
    role: 'staff',
    lang: 'fr',
  });
  expect(invited.status).toBe(200);
  const link = { token: invited.body.link.split('#')[1], password: 'sept chats gris sur un toit' };
  expect((await s.client().call('POST', '/api/links/use', link)).status).toBe(200);
  return invited.body.user.id;
}

describe('npm run backup and npm run restore (SQLite)', () => {
  it('are the compiled scripts, run by node alone', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.backup).toBe('node --enable-source-maps build/server/backup.js');
    expect(pkg.scripts.restore).toBe('node --enable-source-maps build/server/restore.js');
  });

  it('back up while the server runs, restore on a stopped one elsewhere: the team, the trail and the sessions come back, the read model is read again', async () => {
    const dataDir = join(work, 'data');
    const file = join(work, 'dashboard.backup');
    const s = await serverOn(dataDir);
    let staff: Client;
    try {
      const manager = await s.signedIn('manager');
      staff = await s.signedIn('staff');
      const ines = await colleague(s, manager, 'ines@demo-agency.fr');
      const { claim } = await claimOn(sb, '2026-04-05');
      expect((await staff.call('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 120, applyDate: '2026-05-10' })).status).toBe(201);

      // while it runs
      const made = await run('backup', dataDir, file);
      expect(made.code).toBe(0);
      expect(made.said).toMatch(
        /^Backup written to .*dashboard\.backup \(\d+ KB\): the dashboard's database, \d+ users, \d+ audit records/,
      );
      expect(made.said).toContain('the session secret of DATA_DIR');
      expect(made.said).toContain('Not in it: the read model');
      expect((await run('backup', dataDir, file)).code).toBe(2); // never over a file

      // after the backup: undone by the restore
      expect((await manager.call('PATCH', `/api/team/users/${ines}`, { role: 'manager' })).status).toBe(200);
      // at the partner meanwhile: read again after the restore
      await claimOn(sb, '2026-05-05');
      // the server still runs on dataDir: its database is not replaced
      const refused = await run('restore', dataDir, file);
      expect(refused.code).toBe(1);
      expect(refused.said).toMatch(/The dashboard server is running .*stop it, then restore\. Nothing was changed\./);
    } finally {
      await s.close();
    }

    // another machine: an empty DATA_DIR
    const elsewhere = join(work, 'elsewhere');
    const restored = await run('restore', elsewhere, file);
    expect(restored.code).toBe(0);
    expect(restored.said).toMatch(
      /Restored the backup made .* the audit trail's chain holds \(\d+ records\)\. The session secret is restored/,
    );
    const verified = await run('audit-verify', elsewhere);
    expect(verified.code).toBe(0);
    expect(verified.said).toMatch(/^Audit trail intact: \d+ records checked/);

    const t = await serverOn(elsewhere);
    try {
      // the session opened before the backup, in the same browser
      const same = t.client();
      same.cookie = staff.cookie;
      expect((await same.call('GET', '/api/session')).status).toBe(200);
      const back = t.client();
      expect(await back.login('ines@demo-agency.fr', 'sept chats gris sur un toit')).toBe(200);
      expect((await back.call<{ user: { role: string } }>('GET', '/api/session')).body.user.role).toBe('staff');
      // the read model: read from the partner by itself, the claim opened after the backup included
      const manager = await t.signedIn('manager');
      await expectEveryClaimReadAgain(manager, sb);
      // the trail says it was restored, and from when
      const trail = (await manager.call<AuditPage>('GET', '/api/audit?operation=restoreBackup')).body.items;
      expect(trail.map((r) => [r.operation, r.details.fileName])).toEqual([['restoreBackup', 'dashboard.backup']]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses what is not a backup of this product, one of a newer version, and a damaged one, changing nothing', async () => {
    const dataDir = join(work, 'refusals');
    const file = join(work, 'refusals.backup');
    const s = await serverOn(dataDir);
    await s.close();
    // (the scripts' own functions, in this process: no server runs on dataDir)
    const said: string[] = [];
    expect(await backup({ DATA_DIR: dataDir }, [file], (l) => said.push(l))).toBe(0);
    const before = readdirSync(dataDir).sort();
    const refusedWith = async (candidate: string, reason: RegExp) => {
      said.length = 0;
      expect(await restore({ DATA_DIR: dataDir }, [candidate], (l) => said.push(l))).toBe(1);
      expect(said.join('\n')).toMatch(reason);
      expect(said.join('\n')).toContain('Nothing was changed.');
      expect(readdirSync(dataDir).sort()).toEqual(before);
    };

    const text = join(work, 'notes.txt');
    writeFileSync(text, 'not a database at all, but long enough to be read as a file header by SQLite'.repeat(20));
    await refusedWith(text, /is not a backup of the partner dashboard.*it is not an SQLite database/);
    // the server's file itself, copied: not made by npm run backup
    const raw = join(work, 'raw-copy.sqlite');
    copyFileSync(join(dataDir, 'server.sqlite'), raw);
    await refusedWith(raw, /is not a backup of the partner dashboard \(make one with npm run backup\)/);
    // the sandbox's database (the partner's, not ours)
    const sandboxFile = readdirSync(sb.dataDir).find((f) => f.endsWith('.sqlite'));
    if (sandboxFile) await refusedWith(join(sb.dataDir, sandboxFile), /is not a backup of the partner dashboard/);
    // made by a later version: a migration this code does not know
    const newer = join(work, 'newer.backup');
    copyFileSync(file, newer);
    const db = new Database(newer);
    db.exec(`INSERT INTO kysely_migration (name, timestamp) VALUES ('999_from_the_future', '2030-01-01T00:00:00.000Z')`);
    db.close();
    await refusedWith(newer, /was made by a newer version of the dashboard: its schema has 999_from_the_future/);
    // damaged: cut short
    const cut = join(work, 'cut.backup');
    writeFileSync(cut, readFileSync(file).subarray(0, 4096 * 3));
    await refusedWith(cut, /is (damaged|not a backup)/);
    expect(existsSync(join(work, 'nothing-here'))).toBe(false);
    expect(await restore({ DATA_DIR: dataDir }, [join(work, 'nothing-here')], () => undefined)).toBe(2);
    expect(await restore({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://app@127.0.0.1:1/x' }, [file], (l) => said.push(l))).toBe(2);
    expect(said.at(-1)).toMatch(/restore it with pg_restore/);
  });
});
