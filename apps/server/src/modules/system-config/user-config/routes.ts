import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UserConfigBody, UserConfigParams, UserConfigQuery, UserConfigResult } from '@portal/contracts';
import { principalOf } from '../../../platform/access.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';
import { readUserConfig, saveUserConfig } from './service.ts';

/** A user reads and writes only their own configuration. */
function ownUserId(callerId: string, userId: string): string {
  if (callerId !== userId) throw new AppError('FORBIDDEN', 'You may only read and change your own configuration');
  return userId;
}

const tags = ['user config'];

export const userConfigRoutes: FastifyPluginAsyncTypebox<SystemConfigService> = async (app, { db }) => {
  app.get(
    '/user/:userId/config',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's configuration of this name (Navmenu, Preferences)",
        params: UserConfigParams,
        querystring: UserConfigQuery,
        response: { 200: UserConfigResult, 403: ErrorBody },
      },
    },
    async (request) => readUserConfig(db, ownUserId(principalOf(request).userId, request.params.userId), request.query.name),
  );

  app.put(
    '/user/:userId/config',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Replaces the caller's configuration of this name",
        params: UserConfigParams,
        querystring: UserConfigQuery,
        body: UserConfigBody,
        response: { 200: UserConfigResult, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const userId = ownUserId(principalOf(request).userId, request.params.userId);
      if (request.body.name !== request.query.name) {
        throw badRequest('The body names another configuration than ?name', { field: 'name' });
      }
      return saveUserConfig(db, userId, request.body);
    },
  );
};
