import { defineConfig } from 'vitest/config';

/** `npm test`: unit and API tests of every workspace (the browser tests live in e2e/). */
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'apps/micro-demo', 'packages/contracts'],
    // Two workers match the machine's two cores.
    maxWorkers: 2,
  },
});
