import autocannon, { type Options } from 'autocannon';

export interface Figure {
  rps: number;
  p99: number;
  errors: number;
}
type Sample = Figure;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const summarise = (samples: Sample[]): Figure => ({
  rps: median(samples.map((s) => s.rps)),
  p99: median(samples.map((s) => s.p99)),
  errors: samples.reduce((n, s) => n + s.errors, 0),
});

async function once(options: Options): Promise<Sample> {
  const result = await autocannon(options);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

export const SETTINGS = { connections: 100, warmupSeconds: 2, seconds: 5, repeats: 3 };
/** The paired health measurement: more, shorter rounds than the others, as its ratio is the figure. */
const PAIR_ROUNDS = 8;
const PAIR_ROUND_SECONDS = 3;

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
 * Two servers measured turn about in short rounds, the order flipped every round (A B, B A, ...), so
 * drift in the machine's speed falls on both alike; the ratio is the median of the per-round ratios.
 */
export async function measurePair(a: Options, b: Options): Promise<{ a: Figure; b: Figure; ratio: number }> {
  await once({ ...a, duration: SETTINGS.warmupSeconds });
  await once({ ...b, duration: SETTINGS.warmupSeconds });
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < PAIR_ROUNDS; i++) {
    const first = i % 2 === 0;
    const sampleA = first ? await once({ ...a, duration: PAIR_ROUND_SECONDS }) : undefined;
    const sampleB = await once({ ...b, duration: PAIR_ROUND_SECONDS });
    as.push(sampleA ?? (await once({ ...a, duration: PAIR_ROUND_SECONDS })));
    bs.push(sampleB);
  }
  return { a: summarise(as), b: summarise(bs), ratio: median(as.map((s, i) => s.rps / (bs[i]?.rps ?? Infinity))) };
}
