import { defineConfig } from 'vitest/config';

// One Vitest run covers the domain unit tests and the server integration tests.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // NURSERY_TEST_NOW=<ISO instant> fakes Date in every test file (apps/server/src/test/setup-clock.ts).
    setupFiles: ['apps/server/src/test/setup-clock.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
