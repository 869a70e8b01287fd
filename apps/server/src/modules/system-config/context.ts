import type { IconInUse } from '@portal/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import type { IconSchemaCache } from './icons/schema-cache.ts';

/** What the system-config routes are given. */
export interface SystemConfigService {
  db: Db;
  /** Where icon bytes live (DATA_DIR/objects). */
  storage: ObjectStorage;
  /** Which icons the menus show: asked of permission's api at request time. */
  menus: { iconsInUse(names: readonly string[]): Promise<IconInUse[]> };
  iconSchema: IconSchemaCache;
}
