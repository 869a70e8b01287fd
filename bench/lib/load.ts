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

/** A short warm-up, then `repeats` measured runs; the median of requests/s and of p99 latency. */
export async function measure(options: Options, beforeEachRun: () => Promise<void> = async () => undefined): Promise<Figure> {
  await beforeEachRun();
  await once({ ...options, duration: SETTINGS.warmupSeconds });
  const samples: Sample[] = [];
  for (let i = 0; i < SETTINGS.repeats; i++) {
    await beforeEachRun();
    samples.push(await once({ ...options, duration: SETTINGS.seconds }));
  }
  return {
    rps: median(samples.map((s) => s.rps)),
    p99: median(samples.map((s) => s.p99)),
    errors: samples.reduce((n, s) => n + s.errors, 0),
  };
}

/**
 * Two servers measured turn about (A, B, A, B, …) under the same load, so drift in the machine's
 * speed during the run falls on both alike; the ratio is the median of the per-round ratios.
 */
export async function measurePair(a: Options, b: Options): Promise<{ a: Figure; b: Figure; ratio: number }> {
  await once({ ...a, duration: SETTINGS.warmupSeconds });
  await once({ ...b, duration: SETTINGS.warmupSeconds });
  const as: Sample[] = [];
  const bs: Sample[] = [];
  for (let i = 0; i < SETTINGS.repeats; i++) {
    as.push(await once({ ...a, duration: SETTINGS.seconds }));
    bs.push(await once({ ...b, duration: SETTINGS.seconds }));
  }
  return { a: summarise(as), b: summarise(bs), ratio: median(as.map((s, i) => s.rps / (bs[i]?.rps ?? Infinity))) };
}
