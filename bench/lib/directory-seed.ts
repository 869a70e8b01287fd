import pg from 'pg';

/**
 * A large directory written straight into a PostgreSQL database the portal has migrated: 10,000
 * organisations in a 4-level tree (1 root, 20 divisions, 400 departments, 9,579 teams) and 100,000
 * users spread evenly over them (10 each). Bulk INSERT … SELECT over generate_series, one statement
 * per level, so seeding takes seconds. Ids are md5-derived from the number, so the run is repeatable.
 */
export const DIRECTORY_SIZE = { organizations: 10_000, users: 100_000, divisions: 20, departments: 400 };

const orgId = (n: string) => `md5('bench-org-' || ${n})::uuid`;
const { divisions, departments, organizations, users } = DIRECTORY_SIZE;
const FIRST_DEPARTMENT = 1 + divisions;
const FIRST_TEAM = FIRST_DEPARTMENT + departments;

/** Each level: its numbers and the number of each one's parent (teams deal round the departments). */
const LEVELS = [
  { from: 1, to: divisions, parent: '0' },
  { from: FIRST_DEPARTMENT, to: FIRST_TEAM - 1, parent: `1 + (k - ${FIRST_DEPARTMENT}) / ${departments / divisions}` },
  { from: FIRST_TEAM, to: organizations - 1, parent: `${FIRST_DEPARTMENT} + (k - ${FIRST_TEAM}) % ${departments}` },
];

const insertLevel = (level: (typeof LEVELS)[number]) => `
  insert into organizations (id, parent_id, name, code, path, sort)
  select ${orgId('k')}, parent.id, 'Organisation ' || k, 'bench-org-' || k, parent.path || ${orgId('k')}::text || '/', k
  from generate_series(${level.from}, ${level.to}) k
  join organizations parent on parent.id = ${orgId(`(${level.parent})`)}`;

/** Users have no password (they cannot sign in) and staggered creation times, as a real directory has. */
const INSERT_USERS = `
  insert into users (username, name, email, org_id, created_at, updated_at)
  select 'bench-user-' || n, 'Bench user ' || n, 'bench-user-' || n || '@example.test', ${orgId(`(n % ${organizations})`)},
    now() - n * interval '1 minute', now() - n * interval '1 minute'
  from generate_series(1, ${users}) n`;

export interface SeededDirectory {
  /** The 20 divisions (level 1): each has ~500 organisations and ~5,000 users beneath it. */
  divisionIds: string[];
  /** Users in each division's subtree, counted by the database: what the users list must report. */
  subtreeUsers: Map<string, number>;
}

export async function seedDirectory(databaseUrl: string): Promise<SeededDirectory> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // Straight into the tables, as the system: the containment check is for actors' changes.
    await client.query(`select set_config('portal.actor', 'system', true)`);
    await client.query(
      `insert into organizations (id, parent_id, name, code, path, sort) values (${orgId('0')}, null, 'Bench root', 'bench-org-0', '/' || ${orgId('0')}::text || '/', 0)`,
    );
    for (const level of LEVELS) await client.query(insertLevel(level));
    await client.query(INSERT_USERS);
    await client.query('commit');
    // The planner's statistics, as a live database would have them from autovacuum.
    await client.query('analyze organizations');
    await client.query('analyze users');
    const { rows } = await client.query<{ id: string; members: string }>(
      `select d.id, count(u.id) as members
       from organizations d join organizations o on o.path like d.path || '%' left join users u on u.org_id = o.id
       where d.parent_id = ${orgId('0')} group by d.id order by d.sort`,
    );
    return { divisionIds: rows.map((row) => row.id), subtreeUsers: new Map(rows.map((row) => [row.id, Number(row.members)])) };
  } finally {
    await client.end();
  }
}
