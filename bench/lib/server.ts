import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/platform/db/client.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { LOOPBACK_ALLOWED } from '../../apps/server/test/loopback-allowed.ts';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const ADMIN_PASSWORD = 'bench-admin-password';

export interface Running {
  url: string;
  /** The server's process (for its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Whether a server is up: by default, its /api/health answers 2xx. */
type Ready = (url: string) => Promise<boolean>;
const healthy: Ready = (url) =>
  fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
/** Any HTTP answer at all, for peers without a health route. */
export const answering: Ready = (url) =>
  fetch(url).then(
    async (r) => (await r.arrayBuffer(), true),
    () => false,
  );

async function waitReady(url: string, child: ChildProcess, log: () => string, ready: Ready): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${log()}`);
    if (await ready(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not healthy in time:\n${log()}`);
}

/** Runs a Node script as a child process (its own event loop and core) until stopped. */
async function run(args: string[], env: Record<string, string>, port: number, ready: Ready = healthy): Promise<Running> {
  let log = '';
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child, () => log, ready);
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A yardstick of bench/ (bare-server.ts, plain-fastify-server.ts, …) on a free port, with `env` for its settings. */
export async function startPeer(script: string, env: Record<string, string> = {}, ready: Ready = healthy): Promise<Running> {
  const port = await freePort();
  return run(['--import', 'tsx', `bench/${script}`], { ...env, PORT: String(port) }, port, ready);
}

export const startBare = () => startPeer('bare-server.ts');
export const startPlainFastify = () => startPeer('plain-fastify-server.ts');

/**
 * Migrates and seeds the server's database as its first start would, then lets a benchmark write
 * its data set straight into it, before the server opens it (the embedded database has one owner).
 */
async function prepareBeforeStart(env: Record<string, string>, prepare: (database: Database) => Promise<void>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  try {
    await prepareDatabase(database, loadConfig(env));
    await prepare(database);
  } finally {
    await database.close();
  }
}

/**
 * The portal server on the embedded database (no databaseUrl) or on a fresh PostgreSQL database
 * created beside `databaseUrl` (its URL is returned, so a benchmark can seed it) and dropped on stop.
 */
export async function startPortal(
  databaseUrl?: string,
  options: { prepare?: (database: Database) => Promise<void>; env?: Record<string, string> } = {},
): Promise<Running & { kind: string; databaseUrl?: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  let cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    // The S3 API on a free port unless the benchmark chooses one: 9000 may be taken.
    S3_PORT: '0',
    // The benchmarks' peers (the messages bench's SMTP server, webhook receivers) are on loopback:
    // the outbound guard reaches them only because this allows it.
    OUTBOUND_ALLOW: LOOPBACK_ALLOWED,
    ...options.env,
  };
  if (databaseUrl) {
    const name = `portal_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(databaseUrl);
    target.pathname = `/${name}`;
    env.DATABASE_URL = target.toString();
    const removeDir = cleanup;
    cleanup = async () => {
      await removeDir();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  try {
    if (options.prepare) await prepareBeforeStart(env, options.prepare);
    // As users run it: `npm start`'s script (compiled server, built first if stale), default log level.
    const running = await run(['scripts/start.mjs'], env, port);
    return {
      ...running,
      kind: databaseUrl ? 'PostgreSQL' : 'PGlite',
      databaseUrl: env.DATABASE_URL,
      stop: async () => {
        await running.stop();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
