import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openPostgres } from '../src/platform/db/client.ts';
import { withDatabase } from './databases.ts';
import { syncMenuCatalogue } from '../src/modules/permission/seed.ts';
import { assembledCatalogue } from '../src/bootstrap.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data directory. PostgreSQL: name of a migrated template database. */
    templateDb: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; name: string };
  }
}

/** Migrates one template database per run; each test file then gets a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `portal_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const template = openPostgres(withDatabase(url, name), 1);
    await template.migrate();
    await syncMenuCatalogue(template.db, assembledCatalogue());
    await template.close();
    project.provide('templateDb', { kind: 'postgres', url, name });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'portal_t_${process.pid}_%' OR datname = $1`,
        [name],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await fromPglite(new PGlite());
  await database.migrate();
  await syncMenuCatalogue(database.db, assembledCatalogue());
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const file = join(dir, 'template.tar.gz');
  if (!database.pglite) throw new Error('expected PGlite');
  const dump = await database.pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDb', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}
