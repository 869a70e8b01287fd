import { ossBenchmarks } from './lib/oss-load.ts';
import { BENCH_DATABASE_URL, printChecks, writeResults } from './lib/report.ts';

/** npm run bench:oss -w bench: the object storage figures alone (npm run bench runs them with the rest). */
const figures = await ossBenchmarks(BENCH_DATABASE_URL);
console.log(JSON.stringify({ get: figures.get, put: figures.put, memory: figures.memory }, null, 2));
printChecks(figures.checks);
writeResults('oss.json', figures);
