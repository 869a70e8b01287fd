// npm start: builds what is missing or stale, then runs the compiled server in this process (so its
// signals, exit code and process id are the server's own).
import { buildParts } from './build-parts.mjs';

try {
  buildParts({ stale: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Source maps stay off: with them on, Node reads and keeps the map of every module it loads (about
// 30 MB at start, which the heap's growth under load then doubles). Stack traces name the bundle,
// which keeps its function names; NODE_OPTIONS=--enable-source-maps maps them to the TypeScript.
await import('../apps/server/dist/main.js');
