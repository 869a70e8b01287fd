import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/databases.ts';
import { expectNothingLostNothingTwice } from '../../../test/jobs/crash-expectations.ts';
import { runCrashTest } from '../../../test/jobs/crash-test.ts';
import { openDatabase } from '../db/client.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database's variant; the PostgreSQL run has its own (crash.pg.test.ts).
describe('a worker killed with SIGKILL on the embedded database', () => {
  it('loses no job and applies every effect once, after a restart on the same data directory', { timeout: 180_000 }, async () => {
    // One process at a time: a worker opens the directory only once the test's copy is closed.
    const run = await runCrashTest({
      env: () => ({ DATA_DIR: dataDir, DATABASE_URL: '' }),
      create: () => copyTemplateDatabase({ pgliteDir: join(dataDir, 'pglite') }),
      open: async () => openDatabase({ databaseUrl: undefined, dataDir }),
    });
    expectNothingLostNothingTwice(run, 'embedded (PGlite)');
  });
});
