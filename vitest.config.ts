import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The test files that start processes of their own (app instances, PostgreSQL clusters, nginx,
 * PgBouncer) and time them: crashes, outages, stalls, load through several instances. They run
 * after all the others, one at a time (project `processes`), with the machine to themselves.
 */
const PROCESS_TESTS = [
  'src/server/resilience/**/*.test.ts',
  'src/server/backup/**/*.test.ts',
  'src/server/db/embedded-cluster.test.ts',
  'src/server/db/private-folder-start.test.ts',
  'src/server/ssr/pages-without-database.test.ts',
];

const serverTests = {
  environment: 'node' as const,
  globalSetup: ['src/server/testing/global-setup.ts'],
  setupFiles: ['src/server/testing/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): an API test spends
    // much of its time waiting on PostgreSQL or a timer, and the other file's test runs meanwhile.
    // Each file has its own database and app, so files do not meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...serverTests,
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS],
        },
      },
      {
        test: {
          ...serverTests,
          name: 'processes',
          include: PROCESS_TESTS,
          // After the other projects (group 0), one file at a time.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'lint',
          environment: 'node',
          include: ['src/lint-fixtures/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // A lazy page's first import is transformed on demand: seconds when the machine is busy.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
