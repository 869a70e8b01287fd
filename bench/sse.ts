import { BENCH_DATABASE_URL, printChecks, writeResults } from './lib/report.ts';
import { fanOutChecks, fanOutOnBothDatabases, printFanOut } from './lib/sse-report.ts';

/** npm run bench:sse: the SSE fan-out benchmark alone (npm run bench runs it too, among the others). */

console.log('SSE fan-out: 1,000 signed-in users with an open stream each, one inside message to their organisation');
const sse = await fanOutOnBothDatabases(BENCH_DATABASE_URL);
printFanOut(sse);
const checks = fanOutChecks(sse);
printChecks(checks);

writeResults('sse.json', { sse, checks });
