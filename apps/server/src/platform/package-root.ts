import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest directory above `start` that holds a package.json. Files the server reads at run time
 * (migrations, the built web app) are found from the package, not from this module's own path,
 * because that path differs between the sources (src/platform/, run by tsx) and the bundle (dist/).
 */
export function packageRootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** apps/server: where `drizzle/` lies, and `../web/dist` beside it. */
export const SERVER_PACKAGE_ROOT = packageRootAbove(dirname(fileURLToPath(import.meta.url)));
