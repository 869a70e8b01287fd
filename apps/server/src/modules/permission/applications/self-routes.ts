import { applicationSelfEndpoints as self } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { applicationMenu } from './menu-trees.ts';
import { ownedApplications, visibleApplications } from './queries.ts';
import { getApplication } from './rows.ts';

/** The workbench's applications for the caller, and one application's menu tree for the console. */
export async function applicationSelfRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(self.mine, async (request) => {
      const { userId } = principalOf(request);
      if (request.query.owned) return ownedApplications(ps.db, userId);
      return visibleApplications(ps.db, await ps.decider.grantsOf(userId));
    }),
    route(self.menuTree, async (request) => {
      const application = await getApplication(ps.db, request.params.applicationId);
      if (application.type !== request.params.type) throw notFound(`A ${request.params.type} application with this id`);
      return applicationMenu(ps.db, application);
    }),
  ]);
}
