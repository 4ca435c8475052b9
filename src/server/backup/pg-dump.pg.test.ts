import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOn } from '../../sandbox/test/flows.js';
import { startSandbox, type TestSandbox } from '../../sandbox/test/harness.js';
import { auditVerify } from '../audit/audit-verify.js';
import { expectEveryClaimReadAgain, freshPostgres, startServer, type TestDatabase } from '../test/harness.js';
import { PG_BIN } from '../test/postgres.js';

/**
 * PostgreSQL's backup and restore as docs/operations.md says to run them: pg_dump of the
 * dashboard's database without the read model's rows, pg_restore into a new empty database, a
 * server started on it. Debian's client binaries beside the server's (PG_BIN).
 */
let sb: TestSandbox;
const databases: TestDatabase[] = [];
const work = mkdtempSync(join(tmpdir(), 'pg-dump-test-'));

beforeAll(async () => {
  sb = await startSandbox({ seed: false, now: () => new Date('2026-06-15T10:00:00Z') });
});
afterAll(async () => {
  await sb.close();
  for (const d of databases) await d.drop();
  rmSync(work, { recursive: true, force: true });
});

const pgTool = (tool: 'pg_dump' | 'pg_restore', args: string[]) => promisify(execFile)(join(PG_BIN, tool), args);
const serverOn = (url: string) =>
  startServer({ sandboxUrl: sb.url, databaseUrl: url, server: { sync: { background: true, renewMs: 200 } } });

describe('pg_dump and pg_restore (PostgreSQL)', () => {
  it('restore into a fresh database that a server starts on: the team signs in, the trail verifies, the read model is read again', async () => {
    const before = await freshPostgres();
    const after = await freshPostgres();
    databases.push(before, after);
    const file = join(work, 'dashboard.dump');

    const s = await serverOn(before.url);
    try {
      const manager = await s.signedIn('manager');
      const invited = await manager.call<{ link: string }>('POST', '/api/team/invitations', {
        email: 'ines@demo-agency.fr',
        name: 'Inès Invitée',
        role: 'staff',
        lang: 'fr',
      });
      const link = { token: invited.body.link.split('#')[1], password: 'sept chats gris sur un toit' };
      expect((await s.client().call('POST', '/api/links/use', link)).status).toBe(200);
      const { claim } = await claimOn(sb, '2026-04-05');
      const staff = await s.signedIn('staff');
      expect((await staff.call('POST', `/api/v1/claims/${claim.id}/payments`, { amount: 120, applyDate: '2026-05-10' })).status).toBe(201);
      // what docs/operations.md says, while the server runs (pg_dump reads one snapshot)
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--exclude-table-data=rm_*', `--file=${file}`, `--dbname=${before.url}`]);
    } finally {
      await s.close();
    }
    // at the partner meanwhile
    await claimOn(sb, '2026-05-05');

    await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${after.url}`, file]);
    const lines: string[] = [];
    expect(await auditVerify({ DATABASE_URL: after.url }, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toMatch(/^Audit trail intact: \d+ records checked/);

    const t = await serverOn(after.url);
    try {
      expect(await t.client().login('ines@demo-agency.fr', 'sept chats gris sur un toit')).toBe(200);
      const manager = await t.signedIn('manager');
      await expectEveryClaimReadAgain(manager, sb);
    } finally {
      await t.close();
    }
  }, 60_000);
});
