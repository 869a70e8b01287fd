import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Group, GroupInput, GroupQuery, IdParams, Ok, Page } from '@portal/contracts';
import { auditActorOf } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { createGroup, deleteGroup, getGroup, pageGroups, setGroupActived, updateGroup } from './service.ts';

const tags = ['groups'];
const gated = { access: 'gated' } as const;

/** User groups: CRUD and activation (a disabled group's roles stop applying). */
export const groupRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/groups',
    { config: gated, schema: { tags, summary: 'Groups, by keyword and state', querystring: GroupQuery, response: { 200: Page(Group) } } },
    async (request) => pageGroups(ps.db, request.query),
  );

  app.post(
    '/groups',
    { config: gated, schema: { tags, summary: 'Creates a group', body: GroupInput, response: { 200: Group, ...errors(400, 409) } } },
    async (request) => createGroup(ps, auditActorOf(request), request.body),
  );

  app.get(
    '/groups/:id',
    { config: gated, schema: { tags, summary: 'One group', params: IdParams, response: { 200: Group, ...errors(404) } } },
    async (request) => getGroup(ps.db, request.params.id),
  );

  app.put(
    '/groups/:id',
    {
      config: gated,
      schema: { tags, summary: 'Edits a group', params: IdParams, body: GroupInput, response: { 200: Group, ...errors(400, 404, 409) } },
    },
    async (request) => updateGroup(ps, auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/groups/:id',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Deletes a group (its members lose its roles)',
        params: IdParams,
        response: { 200: Ok, ...errors(404, 409) },
      },
    },
    async (request) => {
      await deleteGroup(ps, auditActorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/groups/:id/actived',
    { config: gated, schema: { tags, summary: 'Activates a group', params: IdParams, response: { 200: Group, ...errors(403, 404) } } },
    async (request) => setGroupActived(ps, auditActorOf(request), request.params.id, true),
  );

  app.delete(
    '/groups/:id/actived',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Disables a group: its roles stop applying',
        params: IdParams,
        response: { 200: Group, ...errors(404, 409) },
      },
    },
    async (request) => setGroupActived(ps, auditActorOf(request), request.params.id, false),
  );
};
