import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MoveInput, Ok, Organization, OrganizationInput, OrganizationTreeNode, OrgParams, OrgTreeQuery } from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { childrenOf, getOrg, orgLevel } from './queries.ts';
import { createOrg, deleteOrg, moveOrgTo, updateOrg } from './service.ts';

const tags = ['organizations'];
const gated = { access: 'gated' } as const;

/** The organisation tree: reading it level by level or whole, creating, editing, moving, deleting. */
export const organizationRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.addSchema(OrganizationTreeNode);

  app.get(
    '/v1/org/tree',
    {
      config: gated,
      schema: {
        tags,
        summary: 'One level of the tree: the roots, or the children of parentId',
        querystring: OrgTreeQuery,
        response: { 200: Type.Array(Organization) },
      },
    },
    async (request) => orgLevel(ps.db, request.query.parentId),
  );

  app.get(
    '/v1/org/tree/whole',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Every organisation, nested',
        response: { 200: Type.Array(Type.Unsafe<Organization>({ $ref: 'OrganizationTreeNode#' })) },
      },
    },
    // Already serialised (see tree-cache.ts): sent as it is. The cast tells the type provider that the
    // string is the JSON of the declared tree.
    async (_request, reply) => reply.type('application/json; charset=utf-8').send((await ps.orgTree.json()) as unknown as Organization[]),
  );

  app.post(
    '/v1/org',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Creates an organisation under parentId (a root without one)',
        body: OrganizationInput,
        response: { 200: Organization, ...errors(400, 409) },
      },
    },
    async (request) => createOrg(ps, auditActorOf(request), request.body),
  );

  app.get(
    '/v1/org/:orgId',
    { config: gated, schema: { tags, summary: 'One organisation', params: OrgParams, response: { 200: Organization, ...errors(404) } } },
    async (request) => getOrg(ps.db, request.params.orgId),
  );

  app.put(
    '/v1/org/:orgId',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Edits an organisation',
        params: OrgParams,
        body: OrganizationInput,
        response: { 200: Organization, ...errors(400, 404, 409) },
      },
    },
    async (request) => updateOrg(ps, auditActorOf(request), request.params.orgId, request.body),
  );

  app.delete(
    '/v1/org/:orgId',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Deletes an organisation without members, children or positions',
        params: OrgParams,
        response: { 200: Ok, ...errors(404, 409) },
      },
    },
    async (request) => {
      await deleteOrg(ps, auditActorOf(request), request.params.orgId);
      return { ok: true as const };
    },
  );

  app.patch(
    '/v1/org/:orgId/order',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Moves an organisation under a parent at a position among its siblings (drag and drop)',
        params: OrgParams,
        body: MoveInput,
        response: { 200: Organization, ...errors(400, 404, 409) },
      },
    },
    async (request) => moveOrgTo(ps, auditActorOf(request), request.params.orgId, request.body),
  );

  app.get(
    '/v1/org/:orgId/children/org',
    {
      config: gated,
      schema: {
        tags,
        summary: 'The direct sub-organisations',
        params: OrgParams,
        response: { 200: Type.Array(Organization), ...errors(404) },
      },
    },
    async (request) => childrenOf(ps.db, request.params.orgId),
  );
};
