import { apiAuthorizationEndpoints as authorizations, externalApiEndpoints as apis } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { auditActorOf } from '../../../../platform/audit.ts';
import { registerRoutes, route } from '../../../../platform/endpoints.ts';
import type { PermissionService } from '../../context.ts';
import { applicationActedOn, ownsApplication } from '../owner-access.ts';
import { authorizationsOf, authorizationsReceived, authorizeCaller, changeExpiry, revokeAuthorization } from './authorizations.ts';
import {
  createExternalApi,
  findExternalApi,
  listExternalApis,
  removeExternalApi,
  toExternalApi,
  updateExternalApi,
  upsertExternalApis,
} from './external-apis.ts';
import { operationsOf } from './openapi.ts';

/** Largest OpenAPI document accepted: a thousand operations with their schemas fit well under it. */
const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;

/**
 * An application's external APIs and the authorisations of other applications to call them. Each
 * handler first settles who acts on which application (owner-access.ts): the owner on their own,
 * a holder of the call's point on any.
 */
export async function applicationApiRoutes(app: FastifyInstance, ps: PermissionService) {
  const { db } = ps;
  registerRoutes(
    app,
    [
      route(apis.list, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return listExternalApis(db, id);
      }),
      route(apis.create, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return createExternalApi(db, auditActorOf(request), id, request.body);
      }),
      route(apis.get, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return toExternalApi(await findExternalApi(db, id, request.params.apiId));
      }),
      route(apis.update, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return updateExternalApi(db, auditActorOf(request), id, request.params.apiId, request.body);
      }),
      route(apis.remove, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        await removeExternalApi(db, auditActorOf(request), id, request.params.apiId);
        return { ok: true as const };
      }),
      route(
        apis.importOpenApi,
        async (request) => {
          const { id } = await applicationActedOn(ps, request, request.params.applicationId);
          return upsertExternalApis(db, auditActorOf(request), id, operationsOf(request.body.paths));
        },
        { bodyLimit: MAX_DOCUMENT_BYTES },
      ),
      route(authorizations.list, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return authorizationsOf(db, id);
      }),
      route(authorizations.received, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return authorizationsReceived(db, id);
      }),
      route(authorizations.create, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return authorizeCaller(db, auditActorOf(request), id, request.body);
      }),
      route(authorizations.update, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        return changeExpiry(db, auditActorOf(request), id, request.params.authorizationId, request.body.expiresAt);
      }),
      route(authorizations.revoke, async (request) => {
        const { id } = await applicationActedOn(ps, request, request.params.applicationId);
        await revokeAuthorization(db, auditActorOf(request), id, request.params.authorizationId);
        return { ok: true as const };
      }),
    ],
    { ownedBy: ownsApplication(ps) },
  );
}
