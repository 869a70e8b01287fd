import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const SERVER_DIR = new URL('..', import.meta.url).pathname;

export interface ServerProcess {
  url: string;
  /** What it wrote, for the failure message of a test. */
  output(): string;
  /** Ends it with this signal and waits for it to be gone (SIGKILL: a crash, nothing finishes). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real server (src/main.ts, through tsx) as a process of its own, on `port`, with `env` over the
 * current environment; resolves once /api/health answers.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), S3_PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (i > 600) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill(signal);
      await gone;
    },
  };
}
