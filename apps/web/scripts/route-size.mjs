// Adds up the gzip size of the JavaScript a route needs before it can paint: the entry chunk, the
// route's module and everything they import statically (dynamic imports load later). Reads the
// build manifest, so run it after `vite build`. Exits non-zero when a budget is exceeded.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// WEB_DIST_DIR: a build in another directory (as the e2e tests accept).
const dist = process.env.WEB_DIST_DIR
  ? pathToFileURL(`${process.env.WEB_DIST_DIR.replace(/\/$/, '')}/`)
  : new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/**
 * Route → [the route modules the router loads before it paints the page, budget in KB gzip]. A page
 * inside the shell needs the shell's route module (ShellRoute: the sign-in gate, layout and menu)
 * as well as its own.
 */
const ROUTES = {
  '/login': [['src/pages/login/LoginPage.tsx'], 250],
  '/OSWorkbench': [['src/app/shell/ShellRoute.tsx', 'src/pages/OSWorkbench/WorkbenchPage.tsx'], 450],
};

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
for (const [route, [modules, budget]] of Object.entries(ROUTES)) {
  for (const module of modules)
    if (!manifest[module]) throw new Error(`${module} is not in the build manifest: is it still a route module?`);
  const bytes = closure(['index.html', ...modules]).reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, dist))).length, 0);
  const kb = bytes / 1024;
  const verdict = kb <= budget ? 'ok' : 'OVER BUDGET';
  failed ||= kb > budget;
  console.log(`${route}: ${kb.toFixed(1)} KB gzip of JavaScript (budget ${budget} KB) ${verdict}`);
}
process.exit(failed ? 1 : 0);
