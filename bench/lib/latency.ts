/**
 * Latency of one request kind, measured per request: `clients` loops, each sending its next request
 * as soon as its last answer is read in full, until `requests` have been sent. Every latency is kept,
 * so percentiles are exact (nearest rank) rather than read off a histogram's fixed percentiles.
 */
export interface LatencyFigure {
  clients: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

export interface LatencyLoad {
  /** The URL of the i-th request (rotating over several keeps one cached plan or row from being all we time). */
  url: (i: number) => string;
  headers: Record<string, string>;
  clients: number;
  requests: number;
}

/** Nearest-rank percentile of ascending `sorted` values, rounded to 0.1 ms. */
export const percentile = (sorted: number[], p: number): number =>
  Math.round((sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN) * 10) / 10;

export async function measureLatency(load: LatencyLoad): Promise<LatencyFigure> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const client = async () => {
    while (sent < load.requests) {
      const url = load.url(sent++);
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: load.headers });
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: load.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients: load.clients,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors,
  };
}
