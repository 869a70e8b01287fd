import { defineConfig } from 'vitest/config';

/** Browser tests: the real server (built SPA included) in a child process, driven through Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Fails any test during which a watched page reported a Content-Security-Policy violation.
    setupFiles: ['support/csp-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time against one server: files run one after another.
    fileParallelism: false,
  },
});
