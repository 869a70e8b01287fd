import { describe, it } from 'vitest';
import { copyTemplateDatabase } from '../../../test/databases.ts';
import { expectNothingLostNothingTwice } from '../../../test/jobs/crash-expectations.ts';
import { runCrashTest } from '../../../test/jobs/crash-test.ts';
import { openPostgres } from '../db/client.ts';

describe('a worker killed with SIGKILL on PostgreSQL', () => {
  it('loses no job and applies every effect once, after a restart and the lease of the dead claims', { timeout: 180_000 }, async () => {
    let url = '';
    // The killed worker's claims are taken over when their lease ends: a short lease keeps the test short.
    const run = await runCrashTest({
      env: () => ({ DATABASE_URL: url, DATA_DIR: '/nonexistent', JOB_LEASE_MS: '3000' }),
      async create() {
        const fresh = await copyTemplateDatabase();
        url = String(fresh.pool?.options.connectionString);
        return fresh;
      },
      open: async () => openPostgres(url, 2),
    });
    expectNothingLostNothingTwice(run, 'PostgreSQL');
  });
});
