import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startStaticServer, type StaticServer } from '../../apps/micro-demo/scripts/static-server.ts';

const root = new URL('../..', import.meta.url).pathname;
/** Where the micro-demo's build goes: a peer started again serves it from there, unbuilt. */
export const MICRO_DEMO_DIST = join(root, 'apps/micro-demo/dist');

/**
 * The reference micro front-end (apps/micro-demo), built apart from the portal into its own dist and
 * served by its own peer on another origin (its module, and the menu.json beside it).
 */
export function serveMicroDemo(): Promise<StaticServer> {
  // NODE_ENV is 'test' in here: the build must not inherit it, or JSX compiles for React's development build.
  execFileSync('npm', ['run', 'build', '-w', 'apps/micro-demo'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return startStaticServer({ dir: MICRO_DEMO_DIST });
}
