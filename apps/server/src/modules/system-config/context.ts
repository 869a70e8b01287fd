import type { Db } from '../../platform/db/client.ts';
import type { PeopleApi } from '../permission/index.ts';
import type { SettingsCache } from './settings/cache.ts';

/** What the system-config routes are given. */
export interface SystemConfigService {
  db: Db;
  /** The current settings of this instance (settings/cache.ts). */
  settings: SettingsCache;
  /** Names of the users who saved settings versions (permission's api). */
  people: PeopleApi;
}
