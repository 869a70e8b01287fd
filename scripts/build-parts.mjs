// The parts `npm start` serves, what each is built from, and a cheap check of whether its build is
// current: a fingerprint of its inputs (every file's path, size and modification time, so an edit, a
// touch, an added or a deleted file all count) is recorded when it is built and compared at start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Inputs of every part: dependencies, the shared contracts, and this file (how parts are built). */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'packages/contracts', 'scripts/build-parts.mjs'];

/** `workspace`'s `npm run build` writes `output`; `entry` must exist there for the build to count. */
export const PARTS = [
  {
    name: 'web app',
    workspace: 'apps/web',
    output: 'apps/web/dist',
    entry: 'index.html',
    inputs: ['src', 'shims', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
  },
  {
    name: 'micro-demo',
    workspace: 'apps/micro-demo',
    output: 'apps/micro-demo/dist',
    entry: 'micro-demo.js',
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist',
    entry: 'main.js',
    inputs: ['src', 'scripts', 'package.json', 'tsconfig.json'],
  },
];

/** The fingerprints, kept out of the build folders (the web app's is served as it is). */
const STAMPS = join(ROOT, 'node_modules/.cache/workbench-builds');
/** Never part of a build: tests beside the code, installed packages, earlier output. */
const IGNORED = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

/** `path`, relative to the root, and every file under it as `path size mtime`. */
function listFiles(path, into) {
  const absolute = join(ROOT, path);
  if (IGNORED.test(path) || !existsSync(absolute)) return;
  const stats = statSync(absolute);
  if (!stats.isDirectory()) return void into.push(`${path}\t${stats.size}\t${stats.mtimeMs}`);
  for (const name of readdirSync(absolute).sort()) listFiles(join(path, name), into);
}

function fingerprint(part) {
  const lines = [];
  for (const input of [...SHARED_INPUTS, ...part.inputs.map((input) => join(part.workspace, input))]) listFiles(input, lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const stampPath = (part) => join(STAMPS, `${part.workspace.replaceAll('/', '-')}.sha256`);

/** Why `part` needs building, or undefined when its build matches its inputs. */
function staleness(part, print) {
  if (!existsSync(join(ROOT, part.output, part.entry))) return 'not built yet';
  if (!existsSync(stampPath(part))) return 'no record of what it was built from';
  return readFileSync(stampPath(part), 'utf8') === print ? undefined : 'its sources changed since the last build';
}

function buildPart(part, reason, print) {
  console.log(`Building the ${part.name} (${reason})`);
  rmSync(stampPath(part), { force: true });
  mkdirSync(STAMPS, { recursive: true });
  // Whatever NODE_ENV the caller runs under (tests set 'test'), a build is for production: under
  // another value Vite compiles JSX for React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const { status } = spawnSync('npm', ['run', 'build', '--silent', '-w', part.workspace], { cwd: ROOT, stdio: 'inherit', env });
  if (status !== 0) throw new Error(`Building the ${part.name} failed`);
  writeFileSync(stampPath(part), print);
}

/** Builds every part, or with `stale` only those whose build is missing or older than their inputs. */
export function buildParts({ stale = false } = {}) {
  // WEB_DIST_DIR points the server at a web app built elsewhere: the local one is not needed.
  const skip = stale && process.env.WEB_DIST_DIR ? 'web app' : undefined;
  for (const part of PARTS) {
    if (part.name === skip) continue;
    const print = fingerprint(part);
    const reason = stale ? staleness(part, print) : 'requested';
    if (reason) buildPart(part, reason, print);
  }
}
