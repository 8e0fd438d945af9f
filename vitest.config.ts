import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/*.postgres.test.ts', 'node_modules/**'],
          environment: 'node',
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'server/**/*.api.test.ts',
            'tests/api/**/*.test.ts',
            // What only PostgreSQL has (connections a server can drop), in its run of the suite.
            // and a cluster of two instances on it, behind nginx.
            ...(process.env.TEST_DATABASE_URL
              ? ['server/**/*.postgres.test.ts', 'tests/cluster/**/*.test.ts']
              : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database; two cores run two files at a time.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
