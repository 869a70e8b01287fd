import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.ts';

/**
 * `npm run serve -w apps/micro-demo`: serves dist/ with CORS on PORT (default 5175). Register the
 * application in the portal as type MicroWeb with appUrl http://localhost:5175/micro-demo.js.
 */
const dir = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${dir}/micro-demo.js`)) {
  console.error('Build it first: npm run build -w apps/micro-demo');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 5175);
const { url } = await startStaticServer({ dir, port, host: process.env.HOST ?? 'localhost' });
console.log(`micro-demo at ${url}/micro-demo.js (menu: ${url}/menu.json)`);
