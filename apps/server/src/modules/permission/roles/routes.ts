import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok, Page, PageQuery, Role, RoleCopyInput, RoleInput, RoleParams, RoleResources } from '@portal/contracts';
import { auditActorOf } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { copyRole, createRole, deleteRole, getRole, pageRoles, roleResources, setRoleResources, updateRole } from './service.ts';

const tags = ['roles'];
const gated = { access: 'gated' } as const;

/** Roles: CRUD, copying, and the menu nodes each one grants. */
export const roleRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/roles',
    { config: gated, schema: { tags, summary: 'Roles, by keyword', querystring: PageQuery, response: { 200: Page(Role) } } },
    async (request) => pageRoles(ps.db, request.query),
  );

  app.post(
    '/roles',
    {
      config: gated,
      schema: { tags, summary: 'Creates a role (granting nothing yet)', body: RoleInput, response: { 200: Role, ...errors(400, 409) } },
    },
    async (request) => createRole(ps, auditActorOf(request), request.body),
  );

  app.get(
    '/roles/:roleId',
    { config: gated, schema: { tags, summary: 'One role', params: RoleParams, response: { 200: Role, ...errors(404) } } },
    async (request) => getRole(ps.db, request.params.roleId),
  );

  app.put(
    '/roles/:roleId',
    {
      config: gated,
      schema: { tags, summary: 'Edits a role', params: RoleParams, body: RoleInput, response: { 200: Role, ...errors(400, 404, 409) } },
    },
    async (request) => updateRole(ps, auditActorOf(request), request.params.roleId, request.body),
  );

  app.delete(
    '/roles/:roleId',
    {
      config: gated,
      schema: { tags, summary: 'Deletes a role (its holders lose it)', params: RoleParams, response: { 200: Ok, ...errors(404, 409) } },
    },
    async (request) => {
      await deleteRole(ps, auditActorOf(request), request.params.roleId);
      return { ok: true as const };
    },
  );

  app.post(
    '/roles/:roleId/copy',
    {
      config: gated,
      schema: {
        tags,
        summary: 'A new role granting the same menu nodes',
        params: RoleParams,
        body: RoleCopyInput,
        response: { 200: Role, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => copyRole(ps, auditActorOf(request), request.params.roleId, request.body),
  );

  app.get(
    '/roles/:roleId/resources',
    {
      config: gated,
      schema: { tags, summary: 'The menu nodes the role grants', params: RoleParams, response: { 200: RoleResources, ...errors(404) } },
    },
    async (request) => roleResources(ps.db, request.params.roleId),
  );

  app.put(
    '/roles/:roleId/resources',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Replaces the menu nodes the role grants (only nodes the caller holds may be added)',
        params: RoleParams,
        body: RoleResources,
        response: { 200: RoleResources, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => setRoleResources(ps, auditActorOf(request), request.params.roleId, request.body.menuIds),
  );
};
