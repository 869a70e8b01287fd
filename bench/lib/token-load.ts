import type { Figure } from './load.ts';
import type { Check } from './report.ts';
import { refresh, signIns, who } from './scenarios.ts';
import { startPortal } from './server.ts';

export const REFRESH_PG = 'token refresh (PostgreSQL)';
export const WHO_PG = 'GET /member/who (PostgreSQL)';

/**
 * Token refresh, /member/who and password sign-in on one portal, on the embedded database (no
 * databaseUrl) or on PostgreSQL; each figure is printed as it is measured.
 */
export async function tokenFigures(databaseUrl?: string): Promise<Record<string, Figure>> {
  const server = await startPortal(databaseUrl);
  const figures: Record<string, Figure> = {};
  try {
    for (const [what, measure] of [
      ['token refresh', refresh],
      ['GET /member/who', who],
      ['sign-in', signIns],
    ] as const) {
      const name = `${what} (${server.kind})`;
      const figure = (figures[name] = await measure(server.url));
      console.log(`  ${name}: ${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms${figure.errors ? `, ${figure.errors} errors` : ''}`);
    }
    return figures;
  } finally {
    await server.stop();
  }
}

const missing: Figure = { rps: 0, p99: Infinity, errors: 0 };

/** The foundation's token targets: rates on PostgreSQL, and p99 under 100 connections. */
export function tokenChecks(results: Record<string, Figure>, p99Of: string[]): Check[] {
  const get = (name: string) => results[name] ?? missing;
  return [
    { target: 'token refresh ≥ 1,000/s on PostgreSQL', value: `${Math.round(get(REFRESH_PG).rps)}/s`, pass: get(REFRESH_PG).rps >= 1000 },
    { target: '/member/who ≥ 5,000/s on PostgreSQL', value: `${Math.round(get(WHO_PG).rps)}/s`, pass: get(WHO_PG).rps >= 5000 },
    ...p99Of.map((name) => ({ target: `p99 < 50 ms at 100 connections: ${name}`, value: `${get(name).p99} ms`, pass: get(name).p99 < 50 })),
  ];
}
