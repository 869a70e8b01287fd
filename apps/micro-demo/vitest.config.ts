import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'micro-demo', root: import.meta.dirname, environment: 'node', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] },
});
