import { SYSTEM_CONFIG_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { SystemConfigApi } from './api.ts';
import type { SystemConfigService } from './context.ts';
import { createSettingsCache } from './settings/cache.ts';
import { moveRegistrationSwitches, registrationOf } from './settings/registration.ts';
import { settingsRoutes } from './settings/routes.ts';
import { userConfigRoutes } from './user-config/routes.ts';
import * as tables from './tables.ts';

/** system-config: system settings and per-user configuration; colour schemes, icons and the rest follow. */
export const systemConfigModule = defineModule<'systemConfig', SystemConfigApi, { permission: PermissionApi }>({
  name: 'systemConfig',
  prefix: SYSTEM_CONFIG_PREFIX,
  tables,
  seed: ({ db }) => moveRegistrationSwitches(db),
  async create({ db, events, modules }) {
    const settings = createSettingsCache(db, events);
    const service: SystemConfigService = { db, settings, people: modules.permission.people };
    const api: SystemConfigApi = {
      settings: settings.values,
      registrationSettings: async () => registrationOf(await settings.values.auth()),
    };
    return {
      api,
      routes: async (app) => {
        await app.register(userConfigRoutes, service);
        await app.register(settingsRoutes, service);
      },
      close: settings.close,
    };
  },
});
