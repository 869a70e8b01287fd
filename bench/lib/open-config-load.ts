import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { median, SETTINGS } from './load.ts';
import { percentile, type LatencyFigure } from './latency.ts';
import type { Check } from './report.ts';

/**
 * The public configuration every page asks for before sign-in (GET /api/system-config/open/agg/
 * system/{id}/config, served from a string kept per instance) against GET /api/health on the same
 * server in the same run: autocannon at 100 connections, every response's time kept so percentiles
 * are exact (autocannon's own histogram has no p95), in rounds taken turn about (the order reversed
 * every round) so drift in the machine's speed falls on both. Two loads: saturated (every connection
 * sends its next request as soon as the last is answered: requests per second, and latency that is
 * mostly queueing, about connections ÷ throughput) and paced (the same 100 connections sending
 * PACED_RATE requests per second in all, each on its own schedule, as many browsers loading pages:
 * the latency a user waits, which the p95 target is about). Paced is our own client: autocannon's
 * rate is a budget per second that every connection spends at the start of the second, so all of
 * them fire at once, a saturated burst each second rather than a pace.
 */
export const OPEN_CONFIG = 'GET /open/agg/system/portal/config (PGlite)';
export const HEALTH_PEER = 'GET /api/health (PGlite), same run';
const OPEN_CONFIG_PATH = '/api/system-config/open/agg/system/portal/config';
const CLIENTS = SETTINGS.connections;
const ROUNDS = 4;
const ROUND_SECONDS = 5;
/** Requests per second over all connections in the paced rounds: ten page loads a second per connection. */
const PACED_RATE = 1000;

/** One saturated round of autocannon against `url`, with exact percentiles of every response's time. */
function round(url: string, seconds: number): Promise<LatencyFigure> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const options = { url, connections: CLIENTS, duration: seconds };
    const instance = autocannon(options, (error: unknown, result) => {
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

/** One GET on a kept-alive connection: its time in ms to the last byte, or NaN for a failure. */
function timedGet(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : NaN));
    })
      .on('error', () => resolve(NaN))
      .end();
  });
}

/**
 * One paced round: CLIENTS connections, each sending `rate / CLIENTS` requests a second at even
 * intervals from a random start, so arrivals spread over the second as independent users' do. A
 * connection whose answer comes after its next turn sends at once.
 */
async function pacedRound(url: string, seconds: number, rate: number): Promise<LatencyFigure> {
  const interval = (1000 * CLIENTS) / rate;
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const end = start + seconds * 1000;
  const connection = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let turn = start + Math.random() * interval; turn < end; turn += interval) {
      const wait = turn - performance.now();
      if (wait > 0) await sleep(wait);
      const ms = await timedGet(url, agent);
      if (Number.isNaN(ms)) errors++;
      else latencies.push(ms);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: CLIENTS }, connection));
  latencies.sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    requests: latencies.length + errors,
    rps: Math.round((latencies.length + errors) / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors,
  };
}

export interface OpenConfigFigure {
  /** Per target: the median of the saturated rounds' figures. */
  figures: Record<string, LatencyFigure>;
  rounds: Record<string, LatencyFigure[]>;
  /** Per target: the median of the paced rounds' figures (PACED_RATE requests per second in all). */
  paced: Record<string, LatencyFigure>;
  pacedRounds: Record<string, LatencyFigure[]>;
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
  const turns = async (measure: (url: string) => Promise<LatencyFigure>) => {
    const rounds: Record<string, LatencyFigure[]> = { [OPEN_CONFIG]: [], [HEALTH_PEER]: [] };
    for (let i = 0; i < ROUNDS; i++) {
      const order = Object.keys(targets);
      if (i % 2 === 1) order.reverse();
      for (const name of order) rounds[name]?.push(await measure(targets[name] ?? ''));
    }
    return rounds;
  };
  const medians = (rounds: Record<string, LatencyFigure[]>) =>
    Object.fromEntries(Object.entries(rounds).map(([name, figures]) => [name, medianFigure(figures)]));
  const rounds = await turns((target) => round(target, ROUND_SECONDS));
  const pacedRounds = await turns((target) => pacedRound(target, ROUND_SECONDS, PACED_RATE));
  const config = rounds[OPEN_CONFIG] ?? [];
  const health = rounds[HEALTH_PEER] ?? [];
  return {
    figures: medians(rounds),
    rounds,
    paced: medians(pacedRounds),
    pacedRounds,
    throughputRatio: median(config.map((round, i) => round.rps / (health[i]?.rps ?? Infinity))),
  };
}

function printTable(title: string, figures: Record<string, LatencyFigure>): void {
  console.log(`\n| ${title} | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|---|---|`);
  for (const [name, f] of Object.entries(figures))
    console.log(`| ${name} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.max} | ${f.errors} |`);
}

export function printOpenConfig(result: OpenConfigFigure): void {
  printTable(`${CLIENTS} connections saturated, median of ${ROUNDS} rounds of ${ROUND_SECONDS} s`, result.figures);
  console.log(`  configuration against health (requests/s, round by round): ${result.throughputRatio.toFixed(2)} ×`);
  printTable(`${CLIENTS} connections paced at ${PACED_RATE} req/s, median of ${ROUNDS} rounds of ${ROUND_SECONDS} s`, result.paced);
}

/**
 * Targets (issue 11): p95 ≤ 5 ms at 100 connections, paced, with no errors; and saturated, at least
 * 0.8 × health's requests per second.
 */
export function openConfigChecks(result: OpenConfigFigure): Check[] {
  const paced = result.paced[OPEN_CONFIG];
  const saturated = result.figures[OPEN_CONFIG];
  const errors = (paced?.errors ?? 0) + (saturated?.errors ?? 0);
  return [
    {
      target: `p95 ≤ 5 ms at ${CLIENTS} connections (${PACED_RATE} req/s): ${OPEN_CONFIG}`,
      value: paced ? `${paced.p95} ms${errors ? `, ${errors} errors` : ''}` : 'not measured',
      pass: paced !== undefined && paced.p95 <= 5 && errors === 0,
    },
    {
      target: `${OPEN_CONFIG} ≥ 0.8 × health (requests/s saturated, same run)`,
      value: `${result.throughputRatio.toFixed(2)} ×`,
      pass: result.throughputRatio >= 0.8,
    },
  ];
}
