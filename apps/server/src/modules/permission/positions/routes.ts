import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  Ok,
  Page,
  Position,
  PositionBrief,
  PositionInput,
  PositionQuery,
  Role,
  RoleIdsInput,
  User,
  UserIdsInput,
} from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { assignedListRoutes } from '../common/assigned-list-routes.ts';
import { errors } from '../../../platform/responses.ts';
import { linkedUsers } from '../common/user-list.ts';
import { rolesByIds } from '../roles/rows.ts';
import {
  createPosition,
  deletePosition,
  findPosition,
  getPosition,
  pagePositions,
  setPositionRoles,
  setPositionUsers,
  simpleList,
  updatePosition,
} from './service.ts';

const tags = ['positions'];
const gated = { access: 'gated' } as const;

/** Positions (stations): CRUD, the users filling them and the roles they confer. */
export const positionRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.get(
    '/v1/stations',
    {
      config: gated,
      schema: { tags, summary: 'Positions, by organisation and keyword', querystring: PositionQuery, response: { 200: Page(Position) } },
    },
    async (request) => pagePositions(ps.db, request.query),
  );

  app.get(
    '/v1/stations/simple/list',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Every position, id, name and organisation only (for pickers)',
        response: { 200: Type.Array(PositionBrief) },
      },
    },
    async () => simpleList(ps.db),
  );

  app.post(
    '/v1/stations',
    {
      config: gated,
      schema: { tags, summary: 'Creates a position', body: PositionInput, response: { 200: Position, ...errors(400, 409) } },
    },
    async (request) => createPosition(ps, auditActorOf(request), request.body),
  );

  app.get(
    '/v1/stations/:id',
    { config: gated, schema: { tags, summary: 'One position', params: IdParams, response: { 200: Position, ...errors(404) } } },
    async (request) => getPosition(ps.db, request.params.id),
  );

  app.put(
    '/v1/stations/:id',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Edits a position',
        params: IdParams,
        body: PositionInput,
        response: { 200: Position, ...errors(400, 404, 409) },
      },
    },
    async (request) => updatePosition(ps, auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/stations/:id',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Deletes a position (its users lose its roles)',
        params: IdParams,
        response: { 200: Ok, ...errors(404, 409) },
      },
    },
    async (request) => {
      await deletePosition(ps, auditActorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  assignedListRoutes(app, {
    url: '/v1/stations/:id/users',
    tags,
    params: IdParams,
    ownerId: (params) => params.id,
    item: User,
    read: { summary: 'The users filling the position', assertOwner: (id) => findPosition(ps.db, id) },
    replace: {
      summary: 'Replaces the users filling the position',
      body: UserIdsInput,
      errors: [400, 403, 404, 409],
      apply: (actor, id, body) => setPositionUsers(ps, actor, id, body.userIds),
    },
    list: (id) => linkedUsers(ps.db, LINKS.positionUsers, id),
  });

  assignedListRoutes(app, {
    url: '/v1/stations/:id/roles',
    tags,
    params: IdParams,
    ownerId: (params) => params.id,
    item: Role,
    read: { summary: 'The roles the position confers', assertOwner: (id) => findPosition(ps.db, id) },
    replace: {
      summary: 'Replaces the roles the position confers',
      body: RoleIdsInput,
      errors: [400, 403, 404, 409],
      apply: (actor, id, body) => setPositionRoles(ps, actor, id, body.roleIds),
    },
    list: async (id) => rolesByIds(ps.db, await linked(ps.db, LINKS.positionRoles, id)),
  });
};
