import { Type } from 'typebox';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { MenuInput, MenuUpdate, MoveInput } from '../../identity-extra.ts';
import { MenuNodeRef } from '../../menus.ts';
import { IdParams } from '../../paging.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';

const tags = ['menus'];
const path = `${PERMISSION_PREFIX}/menus`;
const gated = { access: 'gated', tags } as const;

/** The menu tree (the permission catalogue), read whole and edited; one application's tree is in applications-self.ts. */
export const menuEndpoints = {
  tree: endpoint({
    ...gated,
    method: 'GET',
    path,
    summary: 'The whole menu tree: pages and permission points',
    responses: { 200: Type.Array(MenuNodeRef) },
  }),
  create: endpoint({
    ...gated,
    method: 'POST',
    path,
    summary: 'Creates a page or permission point',
    body: MenuInput,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 403, 409) },
  }),
  update: endpoint({
    ...gated,
    method: 'PUT',
    path: `${path}/{id}`,
    summary: 'Edits a node (a new name renames the resources below it)',
    params: IdParams,
    body: MenuUpdate,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 403, 404, 409) },
  }),
  remove: endpoint({
    ...gated,
    method: 'DELETE',
    path: `${path}/{id}`,
    summary: 'Deletes a node with its subtree',
    params: IdParams,
    responses: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses(404) },
  }),
  move: endpoint({
    ...gated,
    method: 'PATCH',
    path: `${path}/{id}/order`,
    summary: 'Moves a node under a parent at a position among its siblings',
    params: IdParams,
    body: MoveInput,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 404, 409) },
  }),
};
