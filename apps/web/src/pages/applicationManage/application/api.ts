import type { Application, ApplicationState, MenuNode, PageOf } from '@portal/contracts';
import { http } from '../../../api/http.ts';
import { permissionUrl } from '../../../components/admin/adminApi.ts';

/** Query-key root of every application query: invalidate it to reload lists and detail views. */
export const APPLICATION_KEY = ['admin', 'applications'] as const;

export const fetchApplications = (query: Record<string, unknown>) =>
  http.get<PageOf<Application>>(permissionUrl('/v4/applications'), { params: query }).then((r) => r.data);

export const fetchApplication = (applicationId: string) =>
  http.get<Application>(permissionUrl('/applications/{applicationId}', { applicationId })).then((r) => r.data);

/** The application's own menu tree (pages and permission points). */
export const fetchApplicationMenu = (application: Pick<Application, 'id' | 'type'>) =>
  http
    .get<MenuNode[]>(permissionUrl('/menus/applications/{applicationId}/{type}', { applicationId: application.id, type: application.type }))
    .then((r) => r.data);

/** HEAD /v4/applications/instant/{instant}: 200 taken, 404 free. */
export const isInstantTaken = (instant: string, signal?: AbortSignal) =>
  http
    .head(permissionUrl('/v4/applications/instant/{instant}', { instant }), {
      silent: true,
      signal,
      validateStatus: (status) => status === 200 || status === 404,
    })
    .then((r) => r.status === 200);

export const setApplicationState = (applicationId: string, state: ApplicationState) =>
  http.patch<Application>(permissionUrl('/applications/{applicationId}/state', { applicationId }), { state }).then((r) => r.data);

export const setApplicationOwner = (applicationId: string, ownerId: string) =>
  http.patch<Application>(permissionUrl('/applications/{applicationId}/owner', { applicationId }), { ownerId }).then((r) => r.data);
