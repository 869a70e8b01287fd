import { userConfigEndpoints as userConfig } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';
import { readUserConfig, saveUserConfig } from './service.ts';

/** A user reads and writes only their own configuration. */
function ownUserId(callerId: string, userId: string): string {
  if (callerId !== userId) throw new AppError('FORBIDDEN', 'You may only read and change your own configuration');
  return userId;
}

export async function userConfigRoutes(app: FastifyInstance, { db }: SystemConfigService) {
  registerRoutes(app, [
    route(userConfig.get, async (request) =>
      readUserConfig(db, ownUserId(principalOf(request).userId, request.params.userId), request.query.name),
    ),
    route(userConfig.replace, async (request) => {
      const userId = ownUserId(principalOf(request).userId, request.params.userId);
      if (request.body.name !== request.query.name) {
        throw badRequest('The body names another configuration than ?name', { field: 'name' });
      }
      return saveUserConfig(db, userId, request.body);
    }),
  ]);
}
