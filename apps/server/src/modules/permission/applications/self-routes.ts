import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Application, ApplicationMenuParams, MenuNodeRef, SelfApplicationQuery } from '@portal/contracts';
import { Type } from 'typebox';
import { principalOf } from '../../../platform/access.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { applicationMenu } from './menu-trees.ts';
import { ownedApplications, visibleApplications } from './queries.ts';
import { getApplication } from './rows.ts';

const tags = ['applications'];

/** The workbench's applications for the caller, and one application's menu tree for the console. */
export const applicationSelfRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/applications/self',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Applications the caller may open (enabled, reached by their resources), or with owned=true those they own',
        querystring: SelfApplicationQuery,
        response: { 200: Type.Array(Application) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      if (request.query.owned) return ownedApplications(ps.db, userId);
      return visibleApplications(ps.db, await ps.decider.grantsOf(userId));
    },
  );

  app.get(
    '/menus/applications/:applicationId/:type',
    {
      config: { access: 'gated' },
      schema: {
        tags: ['menus', ...tags],
        summary: "An application's own menu tree, pages and permission points; type must be the application's type",
        params: ApplicationMenuParams,
        response: { 200: Type.Array(MenuNodeRef), ...errors(404) },
      },
    },
    async (request) => {
      const application = await getApplication(ps.db, request.params.applicationId);
      if (application.type !== request.params.type) throw notFound(`A ${request.params.type} application with this id`);
      return applicationMenu(ps.db, application);
    },
  );
};
