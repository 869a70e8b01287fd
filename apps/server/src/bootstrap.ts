import { inSectionOrder, type MenuSeedNode } from '@portal/contracts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import type { SeedReport } from './platform/module.ts';
import { MODULES } from './modules.ts';

/** The permission catalogue: every module's part, its sections in the console's order. */
export const assembledCatalogue = (): MenuSeedNode[] => inSectionOrder(MODULES.flatMap((module) => module.catalogue ?? []));

/**
 * Brings a database up to date at start-up: the migrations, then each module's seed (the menu
 * catalogue, the portal's own OAuth client, on first start the administrator).
 */
export async function prepareDatabase(database: Database, config: Config): Promise<SeedReport> {
  await database.migrate();
  const report: SeedReport = {};
  const catalogue = assembledCatalogue();
  for (const module of MODULES) Object.assign(report, await module.seed?.({ db: database.db, config, catalogue }));
  return report;
}
