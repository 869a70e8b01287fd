import { thirdSettingsEndpoints as third, type ThirdSettings } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../platform/audit.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import type { SystemConfigService } from '../context.ts';
import { assertSystem } from '../settings/routes.ts';
import { readThirdOptions, saveThirdOptions } from './options.ts';

/** The `third` settings: identity providers and the linking options. */
export async function identityProviderRoutes(app: FastifyInstance, s: SystemConfigService) {
  const { providers } = s;
  const settings = async (): Promise<ThirdSettings> => ({ ...(await readThirdOptions(s.db)), providers: await providers.list() });

  registerRoutes(app, [
    route(third.get, async (request) => {
      assertSystem(request.params.id);
      return settings();
    }),
    route(third.replaceOptions, async (request) => {
      assertSystem(request.params.id);
      await saveThirdOptions(s.db, auditActorOf(request), request.body);
      return settings();
    }),
    route(third.createProvider, async (request) => {
      assertSystem(request.params.id);
      return providers.create(auditActorOf(request), request.body);
    }),
    route(third.updateProvider, async (request) => {
      assertSystem(request.params.id);
      return providers.update(auditActorOf(request), request.params.providerId, request.body);
    }),
    route(third.deleteProvider, async (request) => {
      assertSystem(request.params.id);
      await providers.remove(auditActorOf(request), request.params.providerId);
      return { ok: true as const };
    }),
  ]);
}
