import { defineConfig } from 'vitest/config';

/** API test files that replace a server module with vi.mock: they run in a fresh module graph of their own. */
const MOCKING = [
  'apps/server/test/sales/invoice-query.test.ts',
  'apps/server/test/sales/invoicing-accept-groups.test.ts',
  // These register routes or resolvers of their own into module scope (extraModules, a test code resolver):
  // alone in their module graph, so the route walks of other files never meet them.
  'apps/server/test/crud/resources-images.test.ts',
  'apps/server/test/self-service/titles-api.test.ts',
];

const api = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  pool: 'forks' as const,
  // Migrates one database per run; each test file's database starts as a copy of it.
  globalSetup: ['apps/server/test/db-template.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/vite/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: MOCKING,
          ...api,
          // The files of one worker share one module graph: the server's modules are imported once per worker,
          // not once per file (that import was about half of the suite's time). Each file still builds its own
          // app on its own database; nothing a test relies on may live in module scope (apps/server/test/README.md).
          isolate: false,
        },
      },
      {
        test: { name: 'api-isolated', include: MOCKING, ...api },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll waits for what the page shows; its 1 s default is too short beside the API lanes on 2 cores.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
