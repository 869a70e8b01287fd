import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/platform/crypto.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { openStream, type OpenStream } from '../../apps/server/test/sse-client.ts';
import { percentile } from './latency.ts';
import { accessToken } from './tokens.ts';
import { asSystem } from '../../apps/server/src/platform/db/actor.ts';

/**
 * SSE fan-out: SSE_CLIENTS users, each signed in with their own access token and holding an open
 * inside-message stream, all in one organisation; one message to that organisation through
 * POST /common/notify. The figure is the time from sending the request until each client has read
 * the event in full (this process reads every stream, as the browsers would).
 */
export const SSE_CLIENTS = 1000;
export const SSE_TARGET_MS = 1000;
const ROUNDS = 3;
const PASSWORD = 'sse-bench-password';
const ORG_ID = '00000000-0000-4000-8000-0000000055e0';
const username = (n: number) => `sse-user-${n}`;
const NOTIFY = '/api/message-engine/common/notify';

export interface FanOutRound {
  /** Time until the server answered the send request. */
  notifyMs: number;
  p50: number;
  p95: number;
  max: number;
  /** Clients that did not get the message within 30 s. */
  missed: number;
}
export interface FanOutFigure extends FanOutRound {
  clients: number;
  rounds: FanOutRound[];
}

/** Writes the organisation and its users (one password hash for all) into the portal's database before it starts. */
export async function seedListeners(database: Database): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await asSystem(database.db, async (tx) => {
    await tx.execute(
      sql`insert into organizations (id, name, code, path) values (${ORG_ID}::uuid, 'SSE bench', 'sse-bench', ${`/${ORG_ID}/`})`,
    );
    await tx.execute(sql`
      insert into users (username, name, password_hash, org_id)
      select 'sse-user-' || n, 'SSE user ' || n, ${passwordHash}, ${ORG_ID}::uuid from generate_series(1, ${SSE_CLIENTS}) n`);
  });
}

/** Runs `work` over the items, at most `concurrency` at a time, keeping their order. */
async function inBatches<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

async function sendRound(url: string, adminToken: string, streams: OpenStream[], title: string): Promise<FanOutRound> {
  const started = performance.now();
  const response = await fetch(`${url}${NOTIFY}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title, content: 'One message to the whole organisation', to: { orgIds: [ORG_ID] } }),
  });
  const notifyMs = performance.now() - started;
  if (!response.ok) throw new Error(`notify failed: ${response.status} ${await response.text()}`);
  const { recipients } = (await response.json()) as { recipients: number };
  if (recipients !== SSE_CLIENTS) throw new Error(`the message reached ${recipients} users, not ${SSE_CLIENTS}`);
  // The event carries the inbox copy, whose id is not the message record's that notify answers: it is known by its title.
  const titled = `"title":${JSON.stringify(title)}`;
  const arrivals = await Promise.all(
    streams.map((stream) =>
      stream
        .next((event) => event.data.includes(titled), 30_000)
        .then(
          (event) => event.at - started,
          () => Infinity,
        ),
    ),
  );
  const received = arrivals.filter(Number.isFinite).sort((a, b) => a - b);
  return {
    notifyMs: Math.round(notifyMs * 10) / 10,
    p50: percentile(received, 50),
    p95: percentile(received, 95),
    max: received.length === arrivals.length ? percentile(received, 100) : Infinity,
    missed: arrivals.length - received.length,
  };
}

/** Against a portal started with `seedListeners`: sign everyone in, open the streams, then one warm-up and ROUNDS measured messages. */
export async function sseFanOut(url: string): Promise<FanOutFigure> {
  const started = performance.now();
  const numbers = Array.from({ length: SSE_CLIENTS }, (_, i) => i + 1);
  const tokens = await inBatches(numbers, 8, (n) => accessToken(url, username(n), PASSWORD));
  const streams = await inBatches(tokens, 50, (token) => openStream(url, token));
  const refused = streams.filter((stream) => stream.status !== 200);
  if (refused.length > 0) throw new Error(`${refused.length} streams refused: ${refused[0]?.status} ${refused[0]?.body}`);
  console.log(`  ${SSE_CLIENTS} users signed in, streams open in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const admin = await accessToken(url);
    await sendRound(url, admin, streams, 'Warm-up');
    const rounds: FanOutRound[] = [];
    for (let i = 1; i <= ROUNDS; i++) rounds.push(await sendRound(url, admin, streams, `Round ${i}`));
    // The round with the median slowest client stands for the run, as the load figures are medians of runs.
    const median = [...rounds].sort((a, b) => a.max - b.max)[Math.floor(ROUNDS / 2)] as FanOutRound;
    return { clients: SSE_CLIENTS, ...median, rounds };
  } finally {
    for (const stream of streams) stream.close();
  }
}
