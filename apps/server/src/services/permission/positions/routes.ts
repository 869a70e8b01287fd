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
import { eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { userPositions, users } from '../../../platform/db/schema.ts';
import type { PermissionService } from '../context.ts';
import { LINKS, linked } from '../common/links.ts';
import { errors } from '../common/responses.ts';
import { listUsers } from '../common/user-list.ts';
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
  const usersOf = (id: string) =>
    listUsers(
      ps.db,
      inArray(users.id, ps.db.select({ id: userPositions.userId }).from(userPositions).where(eq(userPositions.positionId, id))),
    );
  const rolesOf = async (id: string) => rolesByIds(ps.db, await linked(ps.db, LINKS.positionRoles, id));

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

  app.get(
    '/v1/stations/:id/users',
    {
      config: gated,
      schema: { tags, summary: 'The users filling the position', params: IdParams, response: { 200: Type.Array(User), ...errors(404) } },
    },
    async (request) => {
      await findPosition(ps.db, request.params.id);
      return usersOf(request.params.id);
    },
  );

  app.put(
    '/v1/stations/:id/users',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Replaces the users filling the position',
        params: IdParams,
        body: UserIdsInput,
        response: { 200: Type.Array(User), ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await setPositionUsers(ps, auditActorOf(request), request.params.id, request.body.userIds);
      return usersOf(request.params.id);
    },
  );

  app.get(
    '/v1/stations/:id/roles',
    {
      config: gated,
      schema: { tags, summary: 'The roles the position confers', params: IdParams, response: { 200: Type.Array(Role), ...errors(404) } },
    },
    async (request) => {
      await findPosition(ps.db, request.params.id);
      return rolesOf(request.params.id);
    },
  );

  app.put(
    '/v1/stations/:id/roles',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Replaces the roles the position confers',
        params: IdParams,
        body: RoleIdsInput,
        response: { 200: Type.Array(Role), ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await setPositionRoles(ps, auditActorOf(request), request.params.id, request.body.roleIds);
      return rolesOf(request.params.id);
    },
  );
};
