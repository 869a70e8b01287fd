import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, openPostgres, type Database } from '../src/platform/db/client.ts';

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh copy of the run's migrated template database, for one test file. On PGlite, in memory,
 * or in `pgliteDir` for a test whose database must outlive its process.
 */
export async function copyTemplateDatabase(options: { pgliteDir?: string } = {}): Promise<Database> {
  const template = inject('templateDb');
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.file)]);
    const client = options.pgliteDir ? new PGlite(options.pgliteDir, { loadDataDir: dump }) : new PGlite({ loadDataDir: dump });
    await client.waitReady;
    return fromPglite(client);
  }
  const name = `portal_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  await admin.end();
  return openPostgres(withDatabase(template.url, name), 5);
}
