// Adds up the gzip size of the JavaScript a route needs before it can paint: the entry chunk, the
// route's module and everything they import statically (dynamic imports load later). Reads the
// build manifest, so run it after `vite build`. Exits non-zero when a budget is exceeded.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/** Route → [module, budget in KB gzip]. */
const ROUTES = { '/login': ['src/pages/login/LoginPage.tsx', 250] };

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file);
}

let failed = false;
for (const [route, [module, budget]] of Object.entries(ROUTES)) {
  const bytes = closure(['index.html', module]).reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, dist))).length, 0);
  const kb = bytes / 1024;
  const verdict = kb <= budget ? 'ok' : 'OVER BUDGET';
  failed ||= kb > budget;
  console.log(`${route}: ${kb.toFixed(1)} KB gzip of JavaScript (budget ${budget} KB) ${verdict}`);
}
process.exit(failed ? 1 : 0);
