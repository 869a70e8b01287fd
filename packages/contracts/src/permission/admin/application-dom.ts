import { Type } from 'typebox';
import {
  DomApi,
  DomImportBody,
  DomImportResult,
  DomInstantParams,
  DomNodeParams,
  SyncTask,
  SyncTaskBody,
  SyncTaskCreated,
  SyncTaskParams,
} from '../../application-dom.ts';
import { ApplicationIdParams } from '../../applications.ts';
import { XLSX_CONTENT_TYPE } from '../../users.ts';
import { endpoint, errorResponses } from '../../endpoint.ts';
import { MenuInput, MenuUpdate, MoveInput } from '../../identity-extra.ts';
import { MenuNodeRef } from '../../menus.ts';
import { PERMISSION_PREFIX } from '../prefix.ts';
import { ownerOrPoint } from './application-access.ts';

const path = `${PERMISSION_PREFIX}/v4/applications/{applicationId}`;
const ofApplication = { ...ownerOrPoint, params: ApplicationIdParams } as const;
const workbook = { mediaType: XLSX_CONTENT_TYPE, description: 'An .xlsx workbook', schema: Type.String({ format: 'binary' }) };
const ofNode = { ...ownerOrPoint, params: DomNodeParams } as const;

/** An application's resource tree (its pages and permission points) and its synchronisation. */
export const applicationDomEndpoints = {
  tree: endpoint({
    ...ofApplication,
    method: 'GET',
    path: `${path}/dom/tree`,
    summary: "The application's resource tree below its root: pages and permission points",
    responses: { 200: Type.Array(MenuNodeRef), ...errorResponses(403, 404) },
  }),
  apis: endpoint({
    ...ofApplication,
    method: 'GET',
    path: `${path}/dom/apis`,
    summary: "The calls the application's permission points gate, each once with the elements gating it",
    responses: { 200: Type.Array(DomApi), ...errorResponses(403, 404) },
  }),
  create: endpoint({
    ...ofApplication,
    method: 'POST',
    path: `${path}/dom`,
    summary: "Adds a page or permission point to the application's tree (parentId null: below its root)",
    body: MenuInput,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 403, 404, 409) },
  }),
  update: endpoint({
    ...ofNode,
    method: 'PUT',
    path: `${path}/dom/{nodeId}`,
    summary: "Edits a node of the application's tree (a new name renames the resources below it)",
    body: MenuUpdate,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 403, 404, 409) },
  }),
  remove: endpoint({
    ...ofNode,
    method: 'DELETE',
    path: `${path}/dom/{nodeId}`,
    summary: "Deletes a node of the application's tree with its subtree and the roles' grants of them",
    responses: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses(403, 404) },
  }),
  move: endpoint({
    ...ofNode,
    method: 'PATCH',
    path: `${path}/dom/{nodeId}/order`,
    summary: "Moves a node within the application's tree (parentId null: below its root)",
    body: MoveInput,
    responses: { 200: MenuNodeRef, ...errorResponses(400, 403, 404, 409) },
  }),
  instantTaken: endpoint({
    ...ownerOrPoint,
    method: 'HEAD',
    path: `${path}/dom/instant/{instant}`,
    summary: 'Whether a resource (names joined by ":") is taken (200) or free (404)',
    params: DomInstantParams,
    responses: { 200: Type.Null(), ...errorResponses(400, 403, 404) },
  }),
  importFile: endpoint({
    ...ofApplication,
    method: 'POST',
    path: `${path}/dom/files/import`,
    summary: "Adds or updates nodes of the application's tree from rows: all of them or none",
    body: DomImportBody,
    responses: { 200: DomImportResult, ...errorResponses(400, 403, 404, 409) },
  }),
  template: endpoint({
    ...ofApplication,
    method: 'GET',
    path: `${path}/dom/files/template`,
    summary: 'The .xlsx template for importing resources: the columns and example rows',
    responses: errorResponses(403, 404),
    produces: workbook,
  }),
  importExcel: endpoint({
    ...ofApplication,
    method: 'POST',
    path: `${path}/dom/files/excel`,
    summary: 'Adds or updates nodes of the application\'s tree from an .xlsx (multipart part "file", or the raw body): all rows or none',
    consumes: ['multipart/form-data', XLSX_CONTENT_TYPE],
    responses: { 200: DomImportResult, ...errorResponses(400, 403, 404, 409, 413, 415) },
  }),
  synchronize: endpoint({
    ...ofApplication,
    method: 'POST',
    path: `${path}/synchronization-task`,
    summary: "Queues the reconciliation of the application's tree with the one it publishes (its menu.json, or the body)",
    body: SyncTaskBody,
    responses: { 200: SyncTaskCreated, ...errorResponses(400, 403, 404) },
  }),
  synchronizationTask: endpoint({
    ...ownerOrPoint,
    method: 'GET',
    path: `${path}/synchronization-task/{taskId}`,
    summary: 'A synchronisation task: its state and, once run, its report',
    params: SyncTaskParams,
    responses: { 200: SyncTask, ...errorResponses(403, 404) },
  }),
};
