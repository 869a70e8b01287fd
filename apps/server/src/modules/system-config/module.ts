import { SYSTEM_CONFIG_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { SystemConfigApi } from './api.ts';
import { registrationSettings } from './settings/registration.ts';
import { userConfigRoutes } from './user-config/routes.ts';
import * as tables from './tables.ts';

/** system-config: settings and per-user configuration; colour schemes, icons and the rest follow. */
export const systemConfigModule = defineModule<'systemConfig', SystemConfigApi>({
  name: 'systemConfig',
  prefix: SYSTEM_CONFIG_PREFIX,
  tables,
  async create({ db }) {
    const api: SystemConfigApi = { registrationSettings: () => registrationSettings(db) };
    return {
      api,
      routes: async (app) => {
        await app.register(userConfigRoutes, { db });
      },
    };
  },
});
