import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Server suites that need PostgreSQL itself (several replicas on one database): the PostgreSQL run only. */
const POSTGRES_ONLY = 'src/server/**/*.pg.test.ts';

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
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The server's integration suite again, its state on PostgreSQL (a throwaway cluster
        // started by the global setup; it fails, never skips, when PostgreSQL is not installed).
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['src/server/test/postgres-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
