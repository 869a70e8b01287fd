import type { PageOf, Position, Role, User } from '@portal/contracts';
import { http } from '../../../../api/http.ts';
import { permissionUrl } from '../../../../components/admin/adminApi.ts';
import { asList } from '../../../../components/admin/pageQuery.ts';

/** Body of POST /v1/stations and PUT /v1/stations/{id} (PositionInput). */
export interface PositionValues {
  orgId?: string | null;
  code: string;
  name: string;
  description?: string | null;
  sort?: number;
}

export const POSITIONS_URL = permissionUrl('/v1/stations');

export const fetchPositions = (query: Record<string, unknown>) =>
  http.get<PageOf<Position>>(POSITIONS_URL, { params: query }).then((r) => r.data);
export const fetchPosition = (id: string) => http.get<Position>(permissionUrl('/v1/stations/{id}', { id })).then((r) => r.data);

export const fetchPositionUsers = (id: string) =>
  http.get<User[]>(permissionUrl('/v1/stations/{id}/users', { id })).then((r) => asList(r.data));
/** Replaces the holders of the position (UserIdsInput). */
export const savePositionUsers = (id: string, userIds: string[]) => http.put(permissionUrl('/v1/stations/{id}/users', { id }), { userIds });

export const fetchPositionRoles = (id: string) =>
  http.get<Role[] | PageOf<Role>>(permissionUrl('/v1/stations/{id}/roles', { id })).then((r) => asList(r.data));
/** Replaces the roles of the position (RoleIdsInput). */
export const savePositionRoles = (id: string, roleIds: string[]) => http.put(permissionUrl('/v1/stations/{id}/roles', { id }), { roleIds });
