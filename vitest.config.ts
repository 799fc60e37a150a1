import { defineConfig } from 'vitest/config';

/**
 * Two groups on one embedded PostgreSQL (tests/support/globalSetup.ts; each file clones its own database):
 * the server, core and script tests two files at a time, then the browser tests one file at a time, so
 * that two Chromiums and their servers never share the two cores of the CI machine (their waits are
 * tuned for one). Measured on the 2-core machine: 1,685 s for the whole suite one file at a time.
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['runtime/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['node_modules/**', 'tests/e2e/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
