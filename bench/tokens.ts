import { printChecks, BENCH_DATABASE_URL, writeResults } from './lib/report.ts';
import { REFRESH_PG, tokenChecks, tokenFigures, WHO_PG } from './lib/token-load.ts';
import { SETTINGS } from './lib/load.ts';

/** npm run bench:tokens -w bench: token refresh, /member/who and sign-in alone (npm run bench runs them too). */

console.log(
  `Token refresh, /member/who and sign-in: autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmupSeconds} s warm-up, median of ${SETTINGS.repeats} × ${SETTINGS.seconds} s`,
);
const results = { ...(await tokenFigures()), ...(await tokenFigures(BENCH_DATABASE_URL)) };
const checks = tokenChecks(results, [REFRESH_PG, WHO_PG]);
printChecks(checks);
writeResults('tokens.json', { settings: SETTINGS, results, checks });
