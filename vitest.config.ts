import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';

/**
 * The server's suites mostly wait (a real server and sandbox answering, timers, the database): one
 * worker per core plus one keeps the cores busy (vitest's default, one less than the cores, ran them
 * one file at a time on a 2-core machine). Their files share a worker's loaded modules (isolate:
 * false; each test starts its own server, database and sandbox): importing the server for each file
 * took more time than its tests. The projects run one after the other (groupOrder), so the
 * browser-side suite, which is all CPU, never competes with them.
 */
const SERVER_WORKERS = availableParallelism() + 1;

/** Server suites that need PostgreSQL itself (several replicas on one database): the PostgreSQL run only. */
const POSTGRES_ONLY = 'src/server/**/*.pg.test.ts';

/**
 * The server's suites that carry SQL, run again on PostgreSQL: the database layer and its
 * migrations, the read model and its sync, the stores (sessions, audit trail, assignments, the
 * agency's copy, the team) and the replicas. The rest never reach the database in a way that
 * differs between the two (rules, formats, HTTP, the partner's answers): SQLite proves them once.
 */
const SQL_SUITES = [
  POSTGRES_ONLY,
  'src/server/db/**/*.test.ts',
  'src/server/auth/throttle.test.ts',
  'src/server/account/account.test.ts',
  'src/server/exports/first-sync.test.ts',
  'src/server/exports/pages.test.ts',
  'src/server/sync/first-sync.test.ts',
  'src/server/sync/sync.test.ts',
  'src/server/sync/pass-budget.test.ts',
  'src/server/inbox/inbox.test.ts',
  'src/server/inbox/counts.test.ts',
  'src/server/inbox/reads.test.ts',
  'src/server/lists/lists.test.ts',
  'src/server/lists/scope.test.ts',
  'src/server/sync/search.test.ts',
  'src/server/stats/stats.test.ts',
  'src/server/round/round.test.ts',
  'src/server/round/read-model.test.ts',
  'src/server/auth/sessions.test.ts',
  'src/server/audit/audit.test.ts',
  'src/server/audit/retention.test.ts',
  'src/server/assignments/store.test.ts',
  // "mine" (what a reader opened or looks after) is SQL over the audit trail and the assignments in the lists, the queue and the round
  'src/server/assignments/assignments.test.ts',
  // following and notifications: unique per person and source, grouped, paged, claimed digests
  'src/server/follows/follows.test.ts',
  'src/server/agency-copy/store.test.ts',
  'src/server/team/team.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'scripts/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'src/platform/**/*.test.ts',
            'src/sandbox/**/*.test.ts',
            'src/server/**/*.test.ts',
          ],
          exclude: [POSTGRES_ONLY],
          isolate: false,
          maxWorkers: SERVER_WORKERS,
          sequence: { groupOrder: 0 },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The server's SQL-bearing suites again, their state on PostgreSQL (a throwaway cluster
        // started by the global setup; it fails, never skips, when PostgreSQL is not installed).
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: SQL_SUITES,
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['src/server/test/postgres-setup.ts'],
          isolate: false,
          maxWorkers: SERVER_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // the components under test compiled as in the build (vite.config.ts)
        plugins: [react(), babel({ presets: [reactCompilerPreset()] })],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          isolate: false,
          // all CPU (jsdom): one worker per core (vitest's default, one less, ran it on one core of two)
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 2 },
          testTimeout: 20_000,
        },
      },
    ],
  },
});
