/**
 * npm run bench:crash -w bench: an email to 2,000 people through a local SMTP server, the server
 * killed with SIGKILL twice while it goes out (at 30 % and 65 % of the receivers) and started again
 * on the same PostgreSQL database each time; RUNS runs (default 3), each on a fresh database. Prints
 * per run what the SMTP server got and what the records say; writes bench/results/crash.json.
 */
import pg from 'pg';
import { prepareDatabase } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openPostgres } from '../apps/server/src/platform/db/client.ts';
import { seedAudience } from '../apps/server/test/factories/audience.ts';
import { runKilledSend, type KilledSendRun } from '../apps/server/test/messages/killed-sends.ts';
import { BENCH_DATABASE_URL, printChecks, writeResults, type Check } from './lib/report.ts';
import { ADMIN_PASSWORD } from './lib/server.ts';

const AUDIENCE = 2_000;
const CONNECTIONS = 5;
const KILL_AT = [0.3, 0.65];
const RUNS = Number(process.env.RUNS ?? 3);

/** A fresh database beside BENCH_DATABASE_URL, migrated, seeded and holding the audience; dropped by `drop`. */
async function audienceDatabase(): Promise<{ url: string; groupId: string; drop(): Promise<void> }> {
  const name = `portal_crash_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(BENCH_DATABASE_URL);
  target.pathname = `/${name}`;
  const url = target.toString();
  const database = openPostgres(url, 2);
  try {
    await prepareDatabase(database, loadConfig({ DATABASE_URL: url, ADMIN_PASSWORD }));
    const groupId = await seedAudience(database, AUDIENCE);
    return {
      url,
      groupId,
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  } finally {
    await database.close();
  }
}

const runs: KilledSendRun[] = [];
for (let run = 0; run < RUNS; run++) {
  const database = await audienceDatabase();
  try {
    const result = await runKilledSend({
      databaseUrl: database.url,
      groupId: database.groupId,
      audience: AUDIENCE,
      adminPassword: ADMIN_PASSWORD,
      killAt: KILL_AT,
      connections: CONNECTIONS,
    });
    runs.push(result);
    console.log(
      `run ${run + 1}: received ${result.received}/${AUDIENCE} (kills at ${result.atKill.join(', ')}); ` +
        `duplicates per kill ${result.duplicatesPerKill.join(', ')}; max duplicates per receiver ${result.mostPerReceiver - 1}; ` +
        `receivers whose records miss an attempt ${result.missingAttempts}; attempts cut off ${result.expiredAttempts}, left open ${result.openAttempts}; ` +
        `${result.seconds.toFixed(1)} s`,
    );
  } finally {
    await database.drop();
  }
}

const checks: Check[] = [
  {
    target: `every one of ${AUDIENCE.toLocaleString('en')} receivers gets the mail, two SIGKILLs and restarts during the send`,
    value: runs.map((run) => `${run.received}`).join(', '),
    pass: runs.every((run) => run.received === AUDIENCE && run.counts.delivered === AUDIENCE),
  },
  {
    target: `at most the pool (${CONNECTIONS} connections) received twice per kill`,
    value: runs.map((run) => run.duplicatesPerKill.join('+')).join(', '),
    pass: runs.every((run) => run.duplicatesPerKill.every((repeats) => repeats <= CONNECTIONS)),
  },
  {
    target: 'each receiver’s records list every attempt (none missing, none left open)',
    value: `missing ${runs.map((run) => run.missingAttempts).join(', ')}; open ${runs.map((run) => run.openAttempts).join(', ')}; max duplicates per receiver ${runs.map((run) => run.mostPerReceiver - 1).join(', ')}`,
    pass: runs.every((run) => run.missingAttempts === 0 && run.openAttempts === 0),
  },
];
printChecks(checks);
writeResults('crash.json', { audience: AUDIENCE, connections: CONNECTIONS, killAt: KILL_AT, runs });
