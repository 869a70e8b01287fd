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
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
