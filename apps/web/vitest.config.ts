import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'web', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts'] },
});
