import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): an API test spends
    // much of its time waiting on PostgreSQL, a spawned server or a timer, and the other file's
    // test runs meanwhile. Each file has its own database and app, so files do not meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          setupFiles: ['src/server/testing/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
