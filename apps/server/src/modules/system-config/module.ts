import { join } from 'node:path';
import { SYSTEM_CONFIG_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import { createFileStorage } from '../../platform/storage/storage.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { SystemConfigApi } from './api.ts';
import { baseMapRoutes } from './base-maps/routes.ts';
import { colourSchemeRoutes } from './colour-schemes/routes.ts';
import type { SystemConfigService } from './context.ts';
import { dictionaryRoutes } from './dictionaries/routes.ts';
import { iconRoutes } from './icons/routes.ts';
import { createIconSchemaCache } from './icons/schema-cache.ts';
import { registrationSettings } from './settings/registration.ts';
import { userConfigRoutes } from './user-config/routes.ts';
import * as tables from './tables.ts';

/** system-config: settings, per-user configuration, colour schemes, dictionaries, base maps and icons. */
export const systemConfigModule = defineModule<'systemConfig', SystemConfigApi, { permission: PermissionApi }>({
  name: 'systemConfig',
  prefix: SYSTEM_CONFIG_PREFIX,
  tables,
  async create({ config, db, events, modules }) {
    const api: SystemConfigApi = { registrationSettings: () => registrationSettings(db) };
    const iconSchema = createIconSchemaCache(db, events);
    const service: SystemConfigService = {
      db,
      storage: createFileStorage(join(config.dataDir, 'objects')),
      menus: { iconsInUse: (names) => modules.permission.menuIconsInUse(names) },
      iconSchema,
    };
    return {
      api,
      routes: async (app) => {
        for (const routes of [userConfigRoutes, colourSchemeRoutes, dictionaryRoutes, baseMapRoutes, iconRoutes])
          await app.register(routes, service);
      },
      close: iconSchema.close,
    };
  },
});
