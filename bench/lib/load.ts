import autocannon, { type Options } from 'autocannon';
import { cpuSecondsOf } from './cpu.ts';

export interface Figure {
  rps: number;
  p99: number;
  errors: number;
}
type Sample = Figure;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const summarise = (samples: Sample[]): Figure => ({
  rps: median(samples.map((s) => s.rps)),
  p99: median(samples.map((s) => s.p99)),
  errors: samples.reduce((n, s) => n + s.errors, 0),
});

/** One timed run of load: its rate, p99 latency, errors and request count. */
export type LoadRun = Sample & { requests: number };

async function once(options: Options): Promise<LoadRun> {
  const result = await autocannon(options);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

export const SETTINGS = { connections: 100, warmupSeconds: 2, seconds: 5, repeats: 3 };
/** The health comparison: more, shorter rounds than the others, as its ratios are the figures. */
const TURN_ROUNDS = 8;
const TURN_ROUND_SECONDS = 3;

/** A short warm-up, then `repeats` measured runs; the median of requests/s and of p99 latency. */
export async function measure(options: Options, beforeEachRun: () => Promise<void> = async () => undefined): Promise<Figure> {
  await beforeEachRun();
  await once({ ...options, duration: SETTINGS.warmupSeconds });
  const samples: Sample[] = [];
  for (let i = 0; i < SETTINGS.repeats; i++) {
    await beforeEachRun();
    samples.push(await once({ ...options, duration: SETTINGS.seconds }));
  }
  return summarise(samples);
}

/**
 * A server under load: autocannon's options for it, or a load of its own (`run`, for what autocannon
 * cannot drive fast enough, such as large bodies), and its process (for its CPU time).
 */
export interface Target {
  load: Options;
  run?: (seconds: number) => Promise<LoadRun>;
  pid: number | undefined;
}

const runOf = (target: Target, seconds: number) => (target.run ? target.run(seconds) : once({ ...target.load, duration: seconds }));

/** One round of one target, with the server's CPU time per request answered (undefined without /proc). */
export interface Round extends Sample {
  cpuMicrosPerRequest: number | undefined;
}

async function round(target: Target, seconds: number): Promise<Round> {
  const before = cpuSecondsOf(target.pid);
  const sample = await runOf(target, seconds);
  const after = cpuSecondsOf(target.pid);
  const cpu = before !== undefined && after !== undefined && sample.requests > 0 ? ((after - before) * 1e6) / sample.requests : undefined;
  return { rps: sample.rps, p99: sample.p99, errors: sample.errors, cpuMicrosPerRequest: cpu };
}

/**
 * Servers measured turn about in short rounds, the order reversed every round (A B C, C B A, ...),
 * so drift in the machine's speed falls on all alike. Gives each target's rounds in order, so that
 * ratios are taken round by round.
 */
export async function measureTurnAbout(targets: Target[]): Promise<Round[][]> {
  for (const target of targets) await runOf(target, SETTINGS.warmupSeconds);
  const rounds: Round[][] = targets.map(() => []);
  for (let i = 0; i < TURN_ROUNDS; i++) {
    const order = targets.map((_, index) => index);
    if (i % 2 === 1) order.reverse();
    for (const index of order) rounds[index]?.push(await round(targets[index] as Target, TURN_ROUND_SECONDS));
  }
  return rounds;
}
