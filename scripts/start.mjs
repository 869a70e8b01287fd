// npm start: builds what is missing or stale, then runs the compiled server in this process (so its
// signals, exit code and process id are the server's own).
import { buildParts } from './build-parts.mjs';

try {
  buildParts({ stale: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
