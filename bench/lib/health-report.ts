import { measureTurnAbout, median, summarise, type Figure, type Round } from './load.ts';
import type { Check } from './report.ts';
import { healthLoad } from './scenarios.ts';
import { startBare, startPlainFastify, startPortal, type Running } from './server.ts';

export const HEALTH = 'GET /api/health (PGlite)';
export const PLAIN_FASTIFY = 'plain Fastify';
export const BARE = 'bare node:http';
const YARDSTICKS = [PLAIN_FASTIFY, BARE] as const;
type Yardstick = (typeof YARDSTICKS)[number];

export interface HealthFigure extends Figure {
  /** The server's CPU time per request answered, median of the rounds (undefined without /proc). */
  cpuMicrosPerRequest: number | undefined;
}

/** Health against a yardstick, taken round by round (where the machine was the same): the median, lowest and highest. */
export interface Ratio {
  median: number;
  min: number;
  max: number;
}

export interface HealthComparison {
  figures: Record<string, HealthFigure>;
  /** Requests per second: health's over the yardstick's. */
  throughput: Record<Yardstick, Ratio>;
  /** CPU per request: the yardstick's over health's (so 1 is as cheap, below 1 dearer), where measured. */
  cpu: Partial<Record<Yardstick, Ratio>>;
}

const figureOf = (rounds: Round[]): HealthFigure => {
  const cpu = rounds.flatMap((round) => (round.cpuMicrosPerRequest === undefined ? [] : [round.cpuMicrosPerRequest]));
  return { ...summarise(rounds), cpuMicrosPerRequest: cpu.length ? median(cpu) : undefined };
};

function ratioOf(a: Round[], b: Round[], of: (a: Round, b: Round) => number | undefined): Ratio | undefined {
  const perRound = a.flatMap((round, i) => {
    const other = b[i];
    const value = other ? of(round, other) : undefined;
    return value === undefined || !Number.isFinite(value) ? [] : [value];
  });
  return perRound.length ? { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound) } : undefined;
}

async function startAll(): Promise<Running[]> {
  const started: Running[] = [];
  try {
    // The portal as `npm start` runs it; the yardsticks run from bench/.
    for (const start of [() => startPortal(), startPlainFastify, startBare]) started.push(await start());
    return started;
  } catch (error) {
    await Promise.all(started.map((server) => server.stop()));
    throw error;
  }
}

/**
 * GET /api/health on the portal against a minimal Fastify app and a bare node:http server answering
 * the same body, measured turn about in the same run (see measureTurnAbout), with each server's
 * CPU time per request.
 */
export async function compareHealth(): Promise<HealthComparison> {
  const servers = await startAll();
  try {
    const [health = [], ...yardsticks] = await measureTurnAbout(
      servers.map((server) => ({ load: healthLoad(server.url), pid: server.pid })),
    );
    const figures: Record<string, HealthFigure> = { [HEALTH]: figureOf(health) };
    const throughput = {} as Record<Yardstick, Ratio>;
    const cpu: Partial<Record<Yardstick, Ratio>> = {};
    YARDSTICKS.forEach((name, i) => {
      const rounds = yardsticks[i] ?? [];
      figures[name] = figureOf(rounds);
      throughput[name] = ratioOf(health, rounds, (a, b) => a.rps / b.rps) ?? { median: 0, min: 0, max: 0 };
      const cheaper = ratioOf(health, rounds, (a, b) =>
        a.cpuMicrosPerRequest && b.cpuMicrosPerRequest ? b.cpuMicrosPerRequest / a.cpuMicrosPerRequest : undefined,
      );
      if (cheaper) cpu[name] = cheaper;
    });
    return { figures, throughput, cpu };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const times = (ratio: Ratio) => `${ratio.median.toFixed(2)} × (rounds ${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`;
const micros = (value: number | undefined) => (value === undefined ? 'CPU not measured' : `${value.toFixed(1)} µs CPU per request`);

export function printHealth(comparison: HealthComparison): void {
  for (const [name, figure] of Object.entries(comparison.figures))
    console.log(
      `  ${name}: ${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms, ${micros(figure.cpuMicrosPerRequest)}${figure.errors ? `, ${figure.errors} errors` : ''}`,
    );
  for (const name of YARDSTICKS) {
    const cpu = comparison.cpu[name];
    console.log(
      `  health against ${name}: requests/s ${times(comparison.throughput[name])}${cpu ? `; CPU per request ${times(cpu)}` : ''}`,
    );
  }
}

/**
 * The targets: health at least 0.85 × each yardstick's requests per second, and 0.85 × plain
 * Fastify's requests per CPU second. Against bare node:http, CPU per request is printed but is no
 * target: Fastify itself, plain, spends about 1.4 × bare node:http's CPU per request.
 */
export function healthChecks(comparison: HealthComparison): Check[] {
  const checks: Check[] = YARDSTICKS.map((name) => {
    const throughput = comparison.throughput[name];
    return { target: `/api/health ≥ 0.85 × ${name} (requests/s)`, value: times(throughput), pass: throughput.median >= 0.85 };
  });
  const cpu = comparison.cpu[PLAIN_FASTIFY];
  if (cpu)
    checks.push({ target: `/api/health ≥ 0.85 × ${PLAIN_FASTIFY} (requests per CPU second)`, value: times(cpu), pass: cpu.median >= 0.85 });
  return checks;
}
