import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // See shims/side-channel.cjs: qs's cycle check without 10 KB of legacy-engine fallbacks.
    alias: { 'side-channel': fileURLToPath(new URL('./shims/side-channel.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets checks add up the code a route loads (the /login budget).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contracts package only declares schemas and constants. Its top-level
        // `Type.Object(...)` calls look side-effecting, which would pull all of typebox into the
        // start-up bundle for schemas the web never uses (it only needs their types).
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
