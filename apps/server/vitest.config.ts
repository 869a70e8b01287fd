import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `*.pg.test.ts` need PostgreSQL itself (several instances on one database): the PostgreSQL run only.
    exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database copy (see test/global-setup.ts).
    pool: 'forks',
  },
});
