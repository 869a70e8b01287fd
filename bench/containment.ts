import { containmentLatency } from './lib/containment-load.ts';
import { DIRECTORY_SIZE, seedDirectory } from './lib/directory-seed.ts';
import { BENCH_DATABASE_URL, writeResults } from './lib/report.ts';
import { startPortal } from './lib/server.ts';

/** npm run bench:containment: the cost of the containment check at scale alone (npm run bench runs it too). */

console.log(`Containment check at scale (PostgreSQL, ${DIRECTORY_SIZE.users} users in ${DIRECTORY_SIZE.organizations} organisations)`);
const server = await startPortal(BENCH_DATABASE_URL);
try {
  await seedDirectory(server.databaseUrl ?? '');
  writeResults('containment.json', { containment: await containmentLatency(server) });
} finally {
  await server.stop();
}
