import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Several tests open a fresh embedded database (or start a server process) inside the test
          // body: a CPU-bound start of 5 s on a quiet machine, 30-60 s beside the other worker on two
          // busy cores. The budget is for that start; a test that hangs still fails.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // PGlite start-up is CPU-bound; two cores on CI.
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
