import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `*.pg.test.ts` need PostgreSQL itself (several instances on one database): the PostgreSQL run only.
    // `*.pglite.test.ts` are about the embedded database itself: the embedded run only.
    exclude: [...configDefaults.exclude, process.env.TEST_DATABASE_URL ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database copy (see test/global-setup.ts).
    pool: 'forks',
  },
});
