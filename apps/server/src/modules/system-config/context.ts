import type { IconInUse } from '@portal/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import type { IconSchemaCache } from './icons/schema-cache.ts';
import type { PeopleApi } from '../permission/index.ts';
import type { SettingsCache } from './settings/cache.ts';
import type { ProviderStore } from './identity-providers/providers.ts';

/** What the system-config routes are given. */
export interface SystemConfigService {
  db: Db;
  /** Where icon bytes live (DATA_DIR/objects). */
  storage: ObjectStorage;
  /** Which icons the menus show: asked of permission's api at request time. */
  menus: { iconsInUse(names: readonly string[]): Promise<IconInUse[]> };
  iconSchema: IconSchemaCache;
  /** The current settings of this instance (settings/cache.ts). */
  settings: SettingsCache;
  /** Which page and button points a user holds (permission's api). */
  holdsResource(userId: string, resource: string): Promise<boolean>;
  /** Names of the users who saved settings versions (permission's api). */
  people: PeopleApi;
  /** Whether SMS sign-in codes can go out: a started SMS channel (message-engine's api, asked at request time). */
  smsSignInAvailable(): Promise<boolean>;
  /** The identity providers of the `third` settings. */
  providers: ProviderStore;
}
