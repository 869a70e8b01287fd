// npm run build: builds every part (web app, micro-demo, server) and records what each was built
// from, so that `npm start` afterwards builds nothing.
import { buildParts } from './build-parts.mjs';

try {
  buildParts();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
