// npm start: builds what is missing or stale, then runs the compiled server in this process (so its
// signals, exit code and process id are the server's own).
import { buildParts } from './build-parts.mjs';

try {
  buildParts({ stale: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Source maps stay off: with them on, Node reads and keeps the map of every module it loads (484 maps,
// about 28 MB more at start on PostgreSQL, and /api/health answered 10-15 % fewer requests). Stack
// traces name the bundle, which keeps its function names; NODE_OPTIONS=--enable-source-maps maps them
// to the TypeScript.
await import('../apps/server/dist/main.js');
