import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { asSystem } from '../../../../platform/db/actor.ts';
import { listUsers, userListStatements } from './list.ts';

/**
 * GET /users must stay one indexed query at scale (100,000 users, 10,000 organisations): these tests
 * seed that size and read the planner's choices, so a change that defeats the path index fails here
 * rather than in production. Timings are measured by hand (see the report); plans are what is stable.
 */
const { t } = appPerFile();
const exec = (text: string) => t.database.db.execute(sql.raw(text));
/** Seeding writes straight into the tables, as the system (the containment check is for actors). */
const seed = (text: string) => asSystem(t.database.db, (db) => db.execute(sql.raw(text)));
/** The rows of a statement, on PGlite and node-postgres alike (both answer `{ rows }`). */
const rowsOf = async (query: SQL) => ((await t.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  // 10 roots, 10 children per node, 4 levels: 11,110 organisations with their materialised paths.
  await seed(`insert into organizations (id, name, code, path)
    select gen_random_uuid(), 'Root ' || i, 'r' || i, '' from generate_series(1, 10) i`);
  await seed(`update organizations set path = '/' || id || '/' where code ~ '^r[0-9]+$'`);
  for (let depth = 2; depth <= 4; depth++) {
    await seed(`insert into organizations (id, name, code, path, parent_id)
      select gen_random_uuid(), p.name || '.' || i, p.code || '.' || i, p.path, p.id
      from organizations p cross join generate_series(1, 10) i
      where p.code ~ '^r[0-9]+(\\.[0-9]+){${depth - 2}}$'`);
    await seed(`update organizations set path = path || id || '/' where path not like '%' || id || '/'`);
  }
  // 100,000 users spread over the lowest level (10 per organisation), some locked out.
  await seed(`insert into users (username, name, email, org_id)
    select 'user' || i, 'Person ' || i, 'user' || i || '@example.org', o.id
    from generate_series(0, 99999) i
    join organizations o on o.code = 'r' || (1 + i % 10) || '.' || (1 + (i / 10) % 10) || '.' || (1 + (i / 100) % 10) || '.' || (1 + (i / 1000) % 10)`);
  await seed(`insert into sign_in_failures (key, count, locked_until)
    select 'user:user' || i, 10, now() + interval '10 minutes' from generate_series(0, 99999, 97) i`);
  await exec('vacuum analyze');
}, 300_000);

async function planOf(statement: SQLWrapper): Promise<string> {
  return (await rowsOf(sql`explain ${statement}`)).map((row) => String(Object.values(row)[0])).join('\n');
}

async function orgId(code: string): Promise<string> {
  const [row] = await rowsOf(sql`select id from organizations where code = ${code}`);
  return String(row?.id);
}

describe('GET /users at scale', () => {
  it('has the organisations and users it claims', async () => {
    const [sizes] = await rowsOf(sql`select (select count(*) from organizations) as orgs, (select count(*) from users) as users`);
    expect(Number(sizes?.orgs)).toBeGreaterThanOrEqual(10_000);
    expect(Number(sizes?.users)).toBeGreaterThanOrEqual(100_000);
  });

  it('finds a subtree through the path index and its users through the organisation index, never scanning users', async () => {
    const statements = await userListStatements(t.database.db, { orgId: await orgId('r5.6'), subtree: true });
    if (!statements) throw new Error('organisation not found');
    const count = await planOf(statements.total);
    expect(count).toContain('organizations_path_idx');
    expect(count).toContain('users_org_idx');
    expect(count).not.toMatch(/Seq Scan on users/);
    const page = await planOf(statements.rows);
    expect(page).not.toMatch(/Seq Scan on users/);
    // The lock flag is one primary-key look-up per row shown, not a scan of the failure counters.
    expect(page).toContain('sign_in_failures_pkey');
    expect(page).not.toMatch(/Seq Scan on sign_in_failures/);
  });

  it('answers the page and the total of a subtree', async () => {
    const page = await listUsers(t.database.db, { orgId: await orgId('r5.6'), subtree: true, size: 5 });
    expect(page.total).toBe(1000);
    expect(page.list).toHaveLength(5);
    const flagOf = async (username: string) =>
      (await listUsers(t.database.db, { keyword: username, size: 5 })).list.find((user) => user.username === username)?.locked;
    expect(await flagOf('user97')).toBe(true);
    expect(await flagOf('user971')).toBe(false);
  });
});
