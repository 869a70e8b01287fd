import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/crypto.ts';
import { percentile, type LatencyFigure } from './latency.ts';
import { accessToken } from './tokens.ts';

const P = '/api/permission';
const CHANGES = 40;
const ACTOR = { username: 'bench-user-manager', password: 'bench-manager-password' };

/** The menu resources the limited actor holds: the Users and Roles pages, and the overview the measured role grants. */
const ACTOR_PAGES = ['systemManage:organizationManage:user', 'systemManage:organizationManage:organization', 'systemManage:overView'];

export const ONE_USER = 'PUT /users/{id}/roles/all, 1 user (PostgreSQL)';
export const DIVISION = 'PUT /v1/org/{id}/roles, ~5,000 users (PostgreSQL)';

/**
 * A user manager (holding the Users and Organisations pages and the overview), and a role granting
 * the overview, written as the system straight into the seeded directory's database.
 */
async function prepareActor(databaseUrl: string): Promise<{ roleId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('portal.actor', 'system', true)`);
    const grant = async (code: string, pages: string[]) => {
      const { rows } = await client.query<{ id: string }>(`insert into roles (code, name) values ($1, $1) returning id`, [code]);
      const roleId = rows[0]?.id ?? '';
      await client.query(
        `insert into role_menus (role_id, menu_id)
         select $1, id from menus where resource = any($2) or exists (select 1 from unnest($2::text[]) p where left(resource, length(p) + 1) = p || ':')`,
        [roleId, pages],
      );
      return roleId;
    };
    const managerRole = await grant('bench-user-manager', ACTOR_PAGES);
    const roleId = await grant('bench-overview', ['systemManage:overView']);
    const { rows } = await client.query<{ id: string }>(
      `insert into users (username, name, password_hash) values ($1, 'Bench user manager', $2) returning id`,
      [ACTOR.username, await hashPassword(ACTOR.password)],
    );
    await client.query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [rows[0]?.id, managerRole]);
    await client.query('commit');
    return { roleId };
  } finally {
    await client.end();
  }
}

/** Exact percentiles of `CHANGES` sequential changes, each switching the grant on or off. */
async function timeChanges(send: (i: number) => Promise<Response>): Promise<LatencyFigure> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < CHANGES; i++) {
    const at = performance.now();
    const response = await send(i);
    await response.arrayBuffer();
    latencies.push(performance.now() - at);
    if (!response.ok) errors++;
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    clients: 1,
    requests: CHANGES,
    rps: Math.round(CHANGES / elapsed),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors,
  };
}

/**
 * What the containment check costs a change at scale (100,000 users, 10,000 organisations): a user
 * manager gives and takes a role from one user of the directory, then from a division (its ~5,000
 * users' grants are compared before and after, against the manager's). Every change must succeed.
 */
export async function containmentLatency(server: { url: string; databaseUrl?: string }): Promise<Record<string, LatencyFigure>> {
  const { url, databaseUrl } = server;
  if (!databaseUrl) throw new Error('the containment benchmark needs the portal on PostgreSQL, with the directory seeded');
  const { roleId } = await prepareActor(databaseUrl);
  const headers = { authorization: `Bearer ${await accessToken(url, ACTOR.username, ACTOR.password)}`, 'content-type': 'application/json' };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ user: string; division: string }>(
      `select (select id from users where username = 'bench-user-1') as user, (select id from organizations where code = 'bench-org-1') as division`,
    )
    .finally(() => client.end());
  const { user: userId = '', division = '' } = rows[0] ?? {};
  const put = (path: string, body: unknown) => fetch(`${url}${P}${path}`, { method: 'PUT', headers, body: JSON.stringify(body) });
  const roleIds = (i: number) => (i % 2 === 0 ? [roleId] : []);
  const figures = {
    [ONE_USER]: await timeChanges((i) => put(`/users/${userId}/roles/all`, { roleIds: roleIds(i) })),
    [DIVISION]: await timeChanges((i) => put(`/v1/org/${division}/roles`, { roleIds: roleIds(i) })),
  };
  for (const [name, figure] of Object.entries(figures)) {
    if (figure.errors > 0) throw new Error(`${name}: ${figure.errors} of ${CHANGES} changes failed`);
    console.log(`  ${name}: p50 ${figure.p50} ms, p95 ${figure.p95} ms, max ${figure.max} ms`);
  }
  return figures;
}
