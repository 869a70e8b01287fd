import { Agent, get } from 'node:http';
import type { LoadRun } from './load.ts';

/**
 * GETs of a large body from `connections` clients at once for `seconds`, each body read to its end
 * and dropped: node:http's client reads megabytes a millisecond, where autocannon's parser, made
 * for small answers, is the bottleneck (it measured bare node:http at 60 MiB/s).
 */
export async function largeBodyGets(url: string, connections: number, seconds: number): Promise<LoadRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      get(url, { agent }, (response) => {
        if (response.statusCode !== 200) errors++;
        response.on('data', () => undefined);
        response.on('end', () => {
          latencies.push(performance.now() - started);
          resolve();
        });
        response.on('error', () => (errors++, resolve()));
      }).on('error', () => (errors++, resolve()));
    });
  const client = async () => {
    while (performance.now() < deadline) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: latencies.length / elapsed, p99: Math.round(p99), errors, requests: latencies.length };
}
