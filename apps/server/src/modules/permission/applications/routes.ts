import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Application,
  ApplicationIdParams,
  ApplicationInput,
  ApplicationOwnerBody,
  ApplicationQuery,
  ApplicationStateBody,
  ErrorBody,
  InstantParams,
  Ok,
  Page,
} from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { permissionKey, principalOf } from '../../../platform/access.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { isInstantTaken } from './instants.ts';
import { pageApplications } from './queries.ts';
import { getApplication } from './rows.ts';
import { createApplication, deleteApplication, setApplicationOwner, setApplicationState, updateApplication } from './service.ts';

const tags = ['applications'];
const gated = { access: 'gated' } as const;
const params = ApplicationIdParams;

/** The application registry of the console (applicationManage > application). */
export const applicationRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/v4/applications',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Applications, by keyword (instant, name), type and state',
        querystring: ApplicationQuery,
        response: { 200: Page(Application) },
      },
    },
    async (request) => pageApplications(ps.db, request.query),
  );

  app.post(
    '/v4/applications',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Registers an application with its root menu node; the caller owns it',
        body: ApplicationInput,
        response: { 200: Application, ...errors(400, 409) },
      },
    },
    async (request) => createApplication(ps, auditActorOf(request), request.body),
  );

  app.route({
    method: 'HEAD',
    url: '/v4/applications/instant/:instant',
    config: gated,
    schema: {
      tags,
      summary: 'Whether an instant is taken (200) or free (404): used by an application, a menu resource, or reserved',
      params: InstantParams,
      response: { 200: Type.Null(), 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      if (!(await isInstantTaken(ps.db, request.params.instant))) throw notFound('An application with this instant');
      return reply.code(200).send(null);
    },
  });

  app.get(
    '/applications/:applicationId',
    {
      // Gated like the list, and the application's owner may read it too: the guard runs here.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'One application',
        description: 'For holders of an element listing this call, and for the application owner.',
        params,
        response: { 200: Application, ...errors(403, 404) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      if (await ps.decider.isAllowed(userId, permissionKey('GET', request.routeOptions.url ?? ''))) {
        return getApplication(ps.db, request.params.applicationId);
      }
      const owned = await getApplication(ps.db, request.params.applicationId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      });
      if (owned?.ownerId !== userId) throw new AppError('FORBIDDEN', 'You do not have permission for this action');
      return owned;
    },
  );

  app.put(
    '/applications/:applicationId',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Edits an application (a new instant renames its menu resources)',
        params,
        body: ApplicationInput,
        response: { 200: Application, ...errors(400, 404, 409) },
      },
    },
    async (request) => updateApplication(ps, auditActorOf(request), request.params.applicationId, request.body),
  );

  app.delete(
    '/applications/:applicationId',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Deletes an application and its menu tree (not the internal ones)',
        params,
        response: { 200: Ok, ...errors(404, 409) },
      },
    },
    async (request) => {
      await deleteApplication(ps, auditActorOf(request), request.params.applicationId);
      return { ok: true as const };
    },
  );

  app.patch(
    '/applications/:applicationId/state',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Enables or disables an application',
        params,
        body: ApplicationStateBody,
        response: { 200: Application, ...errors(400, 404, 409) },
      },
    },
    async (request) => setApplicationState(ps, auditActorOf(request), request.params.applicationId, request.body.state),
  );

  app.patch(
    '/applications/:applicationId/owner',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Hands an application to another user',
        params,
        body: ApplicationOwnerBody,
        response: { 200: Application, ...errors(400, 404) },
      },
    },
    async (request) => setApplicationOwner(ps, auditActorOf(request), request.params.applicationId, request.body.ownerId),
  );
};
