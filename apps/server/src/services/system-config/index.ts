import type { FastifyPluginAsync } from 'fastify';
import type { SystemConfigService } from './context.ts';
import { userConfigRoutes } from './user-config/routes.ts';

/** The prefix of the system-config module (ARCHITECTURE.md). */
export const PREFIX = '/api/system-config';

/** system-config: per-user configuration; system settings, colour schemes, icons and the rest follow. */
export const systemConfig: FastifyPluginAsync<{ services: SystemConfigService }> = async (app, { services }) => {
  await app.register(userConfigRoutes, services);
};
