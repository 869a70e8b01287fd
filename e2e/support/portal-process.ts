import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../apps/server/test/free-port.ts';
import { LOOPBACK_ALLOWED } from '../../apps/server/test/loopback-allowed.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface PortalProcess {
  baseUrl: string;
  /** Stops the server and waits until it has exited. */
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The server as `npm start` runs it (built where stale, then compiled JavaScript) in a child process
 * on a free local port, with `env` on top of this process's (its data directory at least); resolves
 * once it answers its health check. Its output is kept to explain a server that exits or never
 * becomes healthy.
 */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      S3_PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The suite's peers (a second portal as identity provider, mail and webhook receivers) are on
      // loopback: the outbound guard reaches them only because this allows it.
      OUTBOUND_ALLOW: LOOPBACK_ALLOWED,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForHealth(baseUrl, child, () => log);
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
