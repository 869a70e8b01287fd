import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Built on its own, apart from the portal: one self-contained ES module (React included, since the
 * portal's copy is not shared with micro apps) that the shell imports at run time, plus public/menu.json
 * copied beside it.
 */
export default defineConfig({
  plugins: [react()],
  // Library mode leaves process.env.NODE_ENV for the consumer to replace; the browser has none.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    lib: { entry: 'src/index.tsx', formats: ['es'], fileName: () => 'micro-demo.js' },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Library mode keeps whitespace for consumers' bundlers; this file goes to browsers as it is.
    rolldownOptions: { output: { minify: true } },
  },
});
