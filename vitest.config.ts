import { defineConfig } from 'vitest/config';

// Three tiers (see docs/ARCHITECTURE.md): unit tests beside the code, integration tests against
// PGlite and a real PostgreSQL server, browser tests in Debian's chromium through a driver.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.int.test.ts', 'packages/*/test/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own databases; files may run side by side.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // What a poll waits for is a screen catching up with the server (a query, a render,
          // a map frame): Vitest's default 1 s is less than one busy moment of a 2-core machine
          // that runs chromium, the portal and the test side by side. A poll that succeeds
          // returns at once; only a failure waits the whole time.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
