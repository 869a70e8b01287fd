import { SYSTEM_CONFIG_PREFIX } from '@portal/contracts';
import { defineModule } from '../../platform/module.ts';
import type { PermissionApi } from '../permission/index.ts';
import type { MessageEngineApi } from '../message-engine/index.ts';
import type { ReceptionCenterApi } from '../reception-center/index.ts';
import type { SystemConfigApi } from './api.ts';
import { baseMapRoutes } from './base-maps/routes.ts';
import { colourSchemeRoutes } from './colour-schemes/routes.ts';
import type { SystemConfigService } from './context.ts';
import { dictionaryRoutes } from './dictionaries/routes.ts';
import { iconRoutes } from './icons/routes.ts';
import { createProviderStore } from './identity-providers/providers.ts';
import { readLinkingOptions } from './identity-providers/options.ts';
import { identityProviderRoutes } from './identity-providers/routes.ts';
import { createIconSchemaCache } from './icons/schema-cache.ts';
import { createSettingsCache } from './settings/cache.ts';
import { moveRegistrationSwitches, registrationOf } from './settings/registration.ts';
import { settingsRoutes } from './settings/routes.ts';
import { userConfigRoutes } from './user-config/routes.ts';
import * as tables from './tables.ts';

/** system-config: system settings, per-user configuration, colour schemes, dictionaries, base maps and icons. */
export const systemConfigModule = defineModule<
  'systemConfig',
  SystemConfigApi,
  { permission: PermissionApi; receptionCenter: ReceptionCenterApi; messageEngine: MessageEngineApi }
>({
  name: 'systemConfig',
  prefix: SYSTEM_CONFIG_PREFIX,
  tables,
  seed: ({ db }) => moveRegistrationSwitches(db),
  async create({ config, db, events, modules, storage, outbound }) {
    const providers = createProviderStore({
      db,
      box: modules.receptionCenter.secretBox,
      allowHttp: config.idpAllowHttp,
      outbound,
      linkedAccounts: (providerId) => modules.permission.externalIdentities.linkedAccounts(providerId),
      linkedBeyondReach: (actorId, providerId) => modules.permission.externalIdentities.linkedBeyondReach(actorId, providerId),
    });
    const settings = createSettingsCache(db, events, providers.buttons);
    const iconSchema = createIconSchemaCache(db, events);
    const service: SystemConfigService = {
      db,
      settings,
      people: modules.permission.people,
      holdsResource: (userId, resource) => modules.permission.holdsResource(userId, resource),
      storage,
      menus: { iconsInUse: (names) => modules.permission.menuIconsInUse(names) },
      iconSchema,
      providers,
      smsSignInAvailable: () => modules.messageEngine.signInCodes.available(),
    };
    const api: SystemConfigApi = {
      settings: settings.values,
      registrationSettings: async () => registrationOf(await settings.values.auth()),
      identityProviders: {
        names: async () => new Map((await providers.list()).map((provider) => [provider.id, provider.name])),
        forSignIn: providers.forSignIn,
        options: () => readLinkingOptions(db),
      },
    };
    return {
      api,
      routes: async (app) => {
        for (const routes of [
          userConfigRoutes,
          settingsRoutes,
          colourSchemeRoutes,
          dictionaryRoutes,
          baseMapRoutes,
          iconRoutes,
          identityProviderRoutes,
        ])
          await app.register(routes, service);
      },
      close: () => {
        settings.close();
        iconSchema.close();
      },
    };
  },
});
