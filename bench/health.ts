import { compareHealth, healthChecks, printHealth } from './lib/health-report.ts';
import { printChecks, writeResults } from './lib/report.ts';

/** npm run bench:health -w bench: the /api/health comparison alone (npm run bench runs it too, among the others). */

console.log('GET /api/health against plain Fastify and bare node:http: 8 alternating rounds of 3 s, 100 connections');
const health = await compareHealth();
printHealth(health);
const checks = healthChecks(health);
printChecks(checks);

writeResults('health.json', { health, checks });
