import { imageMemoryFigures } from './lib/image-memory.ts';
import { printChecks, writeResults } from './lib/report.ts';

/** npm run bench:images -w bench: the server's memory while image processing is under load (RUNS fresh servers a case, default 3). */
const runs = Number(process.env.RUNS ?? 3);
const figures = await imageMemoryFigures(runs);
console.log(JSON.stringify({ sameObject: figures.sameObject, distinctObjects: figures.distinctObjects }, null, 2));
printChecks(figures.checks);
writeResults('images.json', figures);
