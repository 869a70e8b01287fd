import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MenuInput, MenuNodeRef, MenuUpdate, MoveInput } from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../../../platform/responses.ts';
import { createMenu, deleteMenu, moveMenu, updateMenu } from './service.ts';

const tags = ['menus'];
const gated = { access: 'gated' } as const;

/** Editing the menu tree (the permission catalogue); one application's tree is in applications/self-routes.ts. */
export const menuAdminRoutes: FastifyPluginAsyncTypebox<PermissionService> = async (app, ps) => {
  app.post(
    '/menus',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Creates a page or permission point',
        body: MenuInput,
        response: { 200: MenuNodeRef, ...errors(400, 403, 409) },
      },
    },
    async (request) => createMenu(ps, auditActorOf(request), request.body),
  );

  app.put(
    '/menus/:id',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Edits a node (a new name renames the resources below it)',
        params: IdParams,
        body: MenuUpdate,
        response: { 200: MenuNodeRef, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => updateMenu(ps, auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/menus/:id',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Deletes a node with its subtree',
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Integer() }), ...errors(404) },
      },
    },
    async (request) => ({ deleted: await deleteMenu(ps, auditActorOf(request), request.params.id) }),
  );

  app.patch(
    '/menus/:id/order',
    {
      config: gated,
      schema: {
        tags,
        summary: 'Moves a node under a parent at a position among its siblings',
        params: IdParams,
        body: MoveInput,
        response: { 200: MenuNodeRef, ...errors(400, 404, 409) },
      },
    },
    async (request) => moveMenu(ps, auditActorOf(request), request.params.id, request.body),
  );
};
