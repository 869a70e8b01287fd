import { startPortal } from './server.ts';
import { seedListeners, SSE_CLIENTS, SSE_TARGET_MS, sseFanOut, type FanOutFigure } from './sse-fanout.ts';

const nameOf = (kind: string) => `SSE fan-out, ${SSE_CLIENTS.toLocaleString('en')} clients (${kind})`;

/** The fan-out on the embedded database and on a fresh PostgreSQL database beside `databaseUrl`, each server a child process. */
export async function fanOutOnBothDatabases(databaseUrl: string): Promise<Record<string, FanOutFigure>> {
  const figures: Record<string, FanOutFigure> = {};
  for (const url of [undefined, databaseUrl]) {
    const server = await startPortal(url, { prepare: seedListeners });
    try {
      const figure = await sseFanOut(server.url);
      figures[nameOf(server.kind)] = figure;
      console.log(
        `  ${nameOf(server.kind)}: all received in ${figure.max} ms (p50 ${figure.p50}, p95 ${figure.p95}); rounds: ${figure.rounds.map((r) => r.max).join(', ')} ms`,
      );
    } finally {
      await server.stop();
    }
  }
  return figures;
}

export function printFanOut(figures: Record<string, FanOutFigure>): void {
  console.log(
    '\n| SSE fan-out (median of 3 messages) | clients | send request ms | p50 ms | p95 ms | max ms | missed |\n|---|---|---|---|---|---|---|',
  );
  for (const [name, f] of Object.entries(figures)) {
    console.log(`| ${name} | ${f.clients} | ${f.notifyMs} | ${f.p50} | ${f.p95} | ${f.max} | ${f.missed} |`);
  }
}

/** One target per database: every client has the message within SSE_TARGET_MS of the send request. */
export const fanOutChecks = (figures: Record<string, FanOutFigure>) =>
  Object.entries(figures).map(([name, f]) => ({
    target: `all ${SSE_CLIENTS.toLocaleString('en')} SSE clients receive within ${SSE_TARGET_MS.toLocaleString('en')} ms: ${name}`,
    value: `max ${f.max} ms, p95 ${f.p95} ms${f.missed ? `, ${f.missed} missed` : ''}`,
    pass: f.missed === 0 && f.max <= SSE_TARGET_MS,
  }));
