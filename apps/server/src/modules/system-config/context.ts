import type { Db } from '../../platform/db/client.ts';

/** What the system-config routes are given. */
export interface SystemConfigService {
  db: Db;
}
