import { openConfigAgainstHealth, openConfigChecks, printOpenConfig } from './lib/open-config-load.ts';
import { printChecks, writeResults } from './lib/report.ts';
import { startPortal } from './lib/server.ts';

/** npm run bench:system-config -w bench: the public configuration against health alone (npm run bench runs it too). */

console.log('GET /api/system-config/open/agg/system/portal/config against GET /api/health, 100 connections, on the embedded database');
const server = await startPortal();
try {
  const systemConfig = await openConfigAgainstHealth(server.url);
  printOpenConfig(systemConfig);
  const checks = openConfigChecks(systemConfig);
  printChecks(checks);
  writeResults('system-config.json', { systemConfig, checks });
} finally {
  await server.stop();
}
