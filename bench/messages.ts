import { messageBenchmarks } from './lib/message-delivery.ts';
import { BENCH_DATABASE_URL, printChecks, writeResults } from './lib/report.ts';

/** npm run bench:messages -w bench: the message centre's figures alone (npm run bench runs them with the rest). */
const figures = await messageBenchmarks(BENCH_DATABASE_URL);
console.log(JSON.stringify({ inApp: figures.inApp, email: figures.email }, null, 2));
printChecks(figures.checks);
writeResults('messages.json', figures);
