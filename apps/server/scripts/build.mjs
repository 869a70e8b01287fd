// Bundles the server (src/main.ts) into dist/main.js, the file `npm start` runs. The workspace's own
// packages (@portal/*) are TypeScript sources and go into the bundle; every other package stays an
// import resolved from node_modules at run time (native addons, WebAssembly and files those packages
// read beside themselves keep working, and the bundle stays small).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);

/** Bare specifiers other than the workspace's packages are left to Node. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith('@portal/') ? undefined : { path, external: true }));
  },
};

rmSync(new URL('dist', root), { recursive: true, force: true });
await build({
  absWorkingDir: root.pathname,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // No keepNames: it wraps every function expression in an Object.defineProperty call, and a
  // function made per request then costs microseconds (tsx builds so: /api/health paid ~5 µs a
  // request for one closure).
  plugins: [externalPackages],
  logLevel: 'warning',
});
