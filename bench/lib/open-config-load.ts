import autocannon from 'autocannon';
import { median, SETTINGS } from './load.ts';
import { percentile, type LatencyFigure } from './latency.ts';
import type { Check } from './report.ts';

/**
 * The public configuration every page asks for before sign-in (GET /api/system-config/open/agg/
 * system/{id}/config, served from a string kept per instance) against GET /api/health on the same
 * server in the same run: autocannon at 100 connections, every response's time kept so percentiles
 * are exact (autocannon's own histogram has no p95), in rounds taken turn about (the order reversed
 * every round) so drift in the machine's speed falls on both.
 */
export const OPEN_CONFIG = 'GET /open/agg/system/portal/config (PGlite)';
export const HEALTH_PEER = 'GET /api/health (PGlite), same run';
const OPEN_CONFIG_PATH = '/api/system-config/open/agg/system/portal/config';
const CLIENTS = SETTINGS.connections;
const ROUNDS = 4;
const ROUND_SECONDS = 5;

/** One round of autocannon against `url`, with exact percentiles of every response's time. */
function round(url: string, seconds: number): Promise<LatencyFigure> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url, connections: CLIENTS, duration: seconds }, (error: unknown, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      latencies.sort((a, b) => a - b);
      resolve({
        clients: CLIENTS,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: percentile(latencies, 100),
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export interface OpenConfigFigure {
  /** Per target: the median of the rounds' figures. */
  figures: Record<string, LatencyFigure>;
  rounds: Record<string, LatencyFigure[]>;
  /** Requests per second of the configuration over health's, round by round: the median. */
  throughputRatio: number;
}

const medianFigure = (rounds: LatencyFigure[]): LatencyFigure => {
  const of = (pick: (figure: LatencyFigure) => number) => median(rounds.map(pick));
  return {
    clients: CLIENTS,
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    rps: of((f) => f.rps),
    p50: of((f) => f.p50),
    p95: of((f) => f.p95),
    p99: of((f) => f.p99),
    max: Math.max(...rounds.map((f) => f.max)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
};

export async function openConfigAgainstHealth(url: string): Promise<OpenConfigFigure> {
  const first = await fetch(`${url}${OPEN_CONFIG_PATH}`);
  const body = (await first.json()) as { systemName?: unknown };
  if (!first.ok || typeof body.systemName !== 'string') throw new Error(`${OPEN_CONFIG_PATH}: ${first.status} ${JSON.stringify(body)}`);
  const targets: Record<string, string> = { [OPEN_CONFIG]: `${url}${OPEN_CONFIG_PATH}`, [HEALTH_PEER]: `${url}/api/health` };
  for (const target of Object.values(targets)) await round(target, SETTINGS.warmupSeconds);
  const rounds: Record<string, LatencyFigure[]> = { [OPEN_CONFIG]: [], [HEALTH_PEER]: [] };
  for (let i = 0; i < ROUNDS; i++) {
    const order = Object.keys(targets);
    if (i % 2 === 1) order.reverse();
    for (const name of order) rounds[name]?.push(await round(targets[name] ?? '', ROUND_SECONDS));
  }
  const config = rounds[OPEN_CONFIG] ?? [];
  const health = rounds[HEALTH_PEER] ?? [];
  return {
    figures: { [OPEN_CONFIG]: medianFigure(config), [HEALTH_PEER]: medianFigure(health) },
    rounds,
    throughputRatio: median(config.map((round, i) => round.rps / (health[i]?.rps ?? Infinity))),
  };
}

export function printOpenConfig(result: OpenConfigFigure): void {
  console.log(
    `\n| ${CLIENTS} connections, median of ${ROUNDS} rounds of ${ROUND_SECONDS} s | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const [name, f] of Object.entries(result.figures))
    console.log(`| ${name} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} | ${f.errors} |`);
  console.log(`  configuration against health (requests/s, round by round): ${result.throughputRatio.toFixed(2)} ×`);
}

/** Targets: p95 under 50 ms at 100 connections with no errors, and at least 0.8 × health's requests per second. */
export function openConfigChecks(result: OpenConfigFigure): Check[] {
  const config = result.figures[OPEN_CONFIG];
  return [
    {
      target: `p95 < 50 ms at ${CLIENTS} connections: ${OPEN_CONFIG}`,
      value: config ? `${config.p95} ms${config.errors ? `, ${config.errors} errors` : ''}` : 'not measured',
      pass: config !== undefined && config.p95 < 50 && config.errors === 0,
    },
    {
      target: `${OPEN_CONFIG} ≥ 0.8 × health (requests/s, same run)`,
      value: `${result.throughputRatio.toFixed(2)} ×`,
      pass: result.throughputRatio >= 0.8,
    },
  ];
}
