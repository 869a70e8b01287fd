import { mkdirSync, writeFileSync } from 'node:fs';

/** The PostgreSQL server the benchmarks create their databases beside. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One target of the issue and what this run measured against it. */
export interface Check {
  target: string;
  value: string;
  pass: boolean;
}

/** The closing table of every benchmark run: each target, its figure, PASS or FAIL. */
export function printChecks(checks: Check[]): void {
  console.log('\n| target | measured | |\n|---|---|---|');
  for (const c of checks) console.log(`| ${c.target} | ${c.value} | ${c.pass ? 'PASS' : 'FAIL'} |`);
}

/** Writes bench/results/<file> as JSON, stamped with the time of writing (`at`, the first key). */
export function writeResults(file: string, data: Record<string, unknown>): void {
  const directory = new URL('../results/', import.meta.url);
  mkdirSync(directory, { recursive: true });
  writeFileSync(new URL(file, directory), JSON.stringify({ at: new Date().toISOString(), ...data }, null, 2));
}
