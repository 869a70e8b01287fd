import { APPLICATION_TOKEN_TTL_SECONDS, applicationTokenEndpoints } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../platform/access.ts';
import { registerRoutes, route } from '../../../platform/endpoints.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { visibleApplications } from './queries.ts';

/**
 * A third-party page is handed a token for its application only, never the portal's own access
 * token: with that, any page a user opened could act on the console in their name.
 */
export async function applicationTokenRoutes(app: FastifyInstance, ps: PermissionService) {
  registerRoutes(app, [
    route(applicationTokenEndpoints.issue, async (request) => {
      const principal = principalOf(request);
      const { applicationId } = request.params;
      // The workbench's own check (GET /applications/self): an application the caller may open.
      const mine = await visibleApplications(ps.db, await ps.decider.grantsOf(principal.userId));
      const application = mine.find((candidate) => candidate.id === applicationId);
      if (!application) throw new AppError('FORBIDDEN', 'This application is not one you may open');
      if (application.type !== 'WebThird') throw badRequest('Only a third-party (WebThird) application is handed a token');
      // One that has a web client signs its users in by OpenID Connect: no token travels in an address for it.
      if (application.singleSignOn) {
        throw badRequest('This application signs its users in by OpenID Connect: open its address without a token', {
          field: 'applicationId',
        });
      }
      const token = ps.signIn.accessTokens.issueForApplication({
        userId: principal.userId,
        sessionId: principal.sessionId,
        familyId: principal.familyId,
        applicationId: application.id,
      });
      return { token, expiresIn: APPLICATION_TOKEN_TTL_SECONDS, audience: application.id };
    }),
  ]);
}
