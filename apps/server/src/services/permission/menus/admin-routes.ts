import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MenuApplicationParams, MenuInput, MenuNodeRef, MenuUpdate, MoveInput } from '@portal/contracts';
import { Type } from 'typebox';
import { auditActorOf } from '../../../platform/audit.ts';
import { covers } from '../access/resources.ts';
import type { PermissionService } from '../context.ts';
import { errors } from '../common/responses.ts';
import { createMenu, deleteMenu, moveMenu, updateMenu } from './service.ts';
import { buildTree, loadMenuRows } from './tree.ts';

const tags = ['menus'];
const gated = { access: 'gated' } as const;

/** Editing the menu tree (the permission catalogue), and one application's part of it. */
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

  app.get(
    '/menus/applications/:applicationId/:type',
    {
      config: gated,
      schema: {
        tags,
        summary: "One application's menu: pages only (path), or pages with their permission points (element)",
        params: MenuApplicationParams,
        response: { 200: Type.Array(MenuNodeRef) },
      },
    },
    async (request) => {
      const { applicationId, type } = request.params;
      const rows = (await loadMenuRows(ps.db)).filter((row) => covers(applicationId, row.resource));
      if (type === 'path') return buildTree(rows, (row) => row.type === 'path');
      const elements = rows.filter((row) => row.type === 'element').map((row) => row.resource);
      return buildTree(rows, (row) => elements.some((resource) => covers(row.resource, resource)));
    },
  );
};
