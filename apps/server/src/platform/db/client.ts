import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_PACKAGE_ROOT } from '../package-root.ts';

/** The database as every module queries it: SQL through Drizzle's query builder on each module's own tables. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw statement. Both drivers (pg, PGlite) answer `{ rows }`; the shared Db type leaves it unknown. */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations not yet applied. */
  migrate(): Promise<void>;
  /** Cheap liveness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool, for LISTEN/NOTIFY (absent on PGlite). */
  pool?: pg.Pool;
  /** The embedded instance (absent on PostgreSQL). */
  pglite?: PGlite;
}

export const MIGRATIONS_FOLDER = join(SERVER_PACKAGE_ROOT, 'drizzle');

/**
 * Opens PGlite on an existing instance (tests hand in a copy of a migrated template). The embedded
 * database's packages are loaded here, on first use: a server on PostgreSQL does not carry them.
 */
export async function fromPglite(client: PGlite): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB) is touched whole as the embedded
 * instance starts, in this process's memory; its files are in the system's page cache anyway. At
 * 32 MB the server starts about 120 MB smaller.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  return fromPglite(new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] }));
}
