import { mkdirSync, writeFileSync } from 'node:fs';
import { fanOutChecks, fanOutOnBothDatabases, printFanOut } from './lib/sse-report.ts';

/** npm run bench:sse: the SSE fan-out benchmark alone (npm run bench runs it too, among the others). */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

console.log('SSE fan-out: 1,000 signed-in users with an open stream each, one inside message to their organisation');
const sse = await fanOutOnBothDatabases(DATABASE_URL);
printFanOut(sse);
const checks = fanOutChecks(sse);
console.log('\n| target | measured | |\n|---|---|---|');
for (const c of checks) console.log(`| ${c.target} | ${c.value} | ${c.pass ? 'PASS' : 'FAIL'} |`);

mkdirSync(new URL('./results', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/sse.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), sse, checks }, null, 2));
