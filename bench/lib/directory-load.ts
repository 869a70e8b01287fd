import pg from 'pg';
import { DIRECTORY_SIZE, seedDirectory, type SeededDirectory } from './directory-seed.ts';
import { measureLatency, type LatencyFigure } from './latency.ts';
import { accessToken } from './tokens.ts';

const P = '/api/permission';
const usersOfDivision = (url: string, orgId: string) => `${url}${P}/users?orgId=${orgId}&subtree=true&page=1&size=20`;
const wholeTree = (url: string) => `${url}${P}/v1/org/tree/whole`;

/** Concurrent clients of the measured runs: few, since the figure is latency, not throughput. */
export const LATENCY_CLIENTS = 10;
const RUNS = {
  users: { sequential: 200, concurrent: 600 },
  tree: { sequential: 40, concurrent: 100 },
};
const WARM_UP_REQUESTS = 20;

export const USERS_LIST = 'GET /users?orgId&subtree=true (PostgreSQL)';
export const ORG_TREE = 'GET /v1/org/tree/whole (PostgreSQL)';
export const latencyName = (base: string, clients: number) => `${base}, ${clients} client${clients === 1 ? '' : 's'}`;

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

const countNodes = (nodes: { children?: unknown[] }[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes((node.children ?? []) as { children?: unknown[] }[]), 0);

/** The routes must answer what the database holds, else their timing means nothing. */
async function verifyAnswers(url: string, headers: Record<string, string>, seeded: SeededDirectory, databaseUrl: string) {
  for (const orgId of seeded.divisionIds.slice(0, 3)) {
    const page = (await getJson(usersOfDivision(url, orgId), headers)) as { list: unknown[]; total: number };
    const expected = seeded.subtreeUsers.get(orgId);
    if (page.total !== expected || page.list.length !== 20)
      throw new Error(`users of ${orgId} with subtree: total ${page.total} (database: ${expected}), ${page.list.length} rows on page 1`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('select count(*) as n from organizations').finally(() => client.end());
  const nodes = countNodes((await getJson(wholeTree(url), headers)) as { children?: unknown[] }[]);
  if (nodes !== Number(rows[0]?.n)) throw new Error(`the whole tree has ${nodes} nodes, the database ${rows[0]?.n}`);
}

/**
 * Directory reads at scale on PostgreSQL: 100,000 users in 10,000 organisations seeded into the
 * portal's database, then the users of a division's subtree (rotating over the 20 divisions) and
 * the whole organisation tree, each timed from one client and from LATENCY_CLIENTS at once.
 */
export async function directoryLatency(server: { url: string; databaseUrl?: string }): Promise<Record<string, LatencyFigure>> {
  const { url, databaseUrl } = server;
  if (!databaseUrl) throw new Error('the directory benchmark needs the portal on PostgreSQL');
  const seedStarted = performance.now();
  const seeded = await seedDirectory(databaseUrl);
  console.log(
    `  seeded ${DIRECTORY_SIZE.users} users in ${DIRECTORY_SIZE.organizations} organisations in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  const headers = { authorization: `Bearer ${await accessToken(url)}` };
  await verifyAnswers(url, headers, seeded, databaseUrl);

  const divisionUsers = (i: number) => usersOfDivision(url, seeded.divisionIds[i % seeded.divisionIds.length] as string);
  const loads = [
    { name: USERS_LIST, url: divisionUsers, runs: RUNS.users },
    { name: ORG_TREE, url: () => wholeTree(url), runs: RUNS.tree },
  ];
  const figures: Record<string, LatencyFigure> = {};
  for (const load of loads) {
    await measureLatency({ url: load.url, headers, clients: LATENCY_CLIENTS, requests: WARM_UP_REQUESTS });
    for (const [clients, requests] of [
      [1, load.runs.sequential],
      [LATENCY_CLIENTS, load.runs.concurrent],
    ] as const) {
      const figure = await measureLatency({ url: load.url, headers, clients, requests });
      figures[latencyName(load.name, clients)] = figure;
      console.log(
        `  ${latencyName(load.name, clients)}: p50 ${figure.p50} ms, p95 ${figure.p95} ms, p99 ${figure.p99} ms, ${figure.rps} req/s`,
      );
    }
  }
  return figures;
}
