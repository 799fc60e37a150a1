import { defineConfig } from 'vitest/config';

/** Files that must run alone: they start the whole product (`npm start` in a copy of the project, with its web build). */
const ALONE = ['tests/e2e/newEntity.e2e.test.ts'];

/**
 * One embedded PostgreSQL for the run (tests/support/globalSetup.ts); each file clones its own database, so
 * files share no state and run two at a time on the 2-core CI machine. Measured there: 1,685 s one file at a
 * time, 1,308 s two at a time. The files in ALONE run after the others, one at a time: started next to another
 * browser test, the product's start and web build in newEntity.e2e overran its waits.
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
          name: 'suite',
          include: ['runtime/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['node_modules/**', ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
