import type { Organization, OrgResourceRef, OwnedRole, PageOf, Position, Role, User } from '@portal/contracts';
import { http } from '../../../../api/http.ts';
import { permissionUrl } from '../../../../components/admin/adminApi.ts';
import { asList, asPage, type PageState } from '../../../../components/admin/pageQuery.ts';
import type { OrgMove } from './orgMove.ts';

/** Body of POST /v1/org and PUT /v1/org/{orgId} (OrganizationInput). */
export interface OrgValues {
  parentId?: string | null;
  name: string;
  code: string;
  description?: string | null;
}

/** GET /v1/org/{orgId}/resource-ref (OrgResourceRef), read loosely so a count added later still shows. */
export type ResourceRefs = OrgResourceRef | Record<string, unknown>;

const orgUrl = (path: string, orgId: string) => permissionUrl(`/v1/org/{orgId}${path}`, { orgId });

export const fetchOrg = (orgId: string) => http.get<Organization>(orgUrl('', orgId)).then((r) => r.data);
export const createOrg = (body: OrgValues) => http.post<Organization>(permissionUrl('/v1/org'), body).then((r) => r.data);
export const updateOrg = (orgId: string, body: OrgValues) => http.put<Organization>(orgUrl('', orgId), body).then((r) => r.data);
/** Silent: a refusal (members or positions left) is shown in a dialog, not a toast. */
export const deleteOrg = (orgId: string) => http.delete(orgUrl('', orgId), { silent: true });
export const moveOrg = (orgId: string, move: OrgMove) => http.patch(orgUrl('/order', orgId), move);
export const fetchResourceRefs = (orgId: string) => http.get<ResourceRefs>(orgUrl('/resource-ref', orgId)).then((r) => r.data);

export const fetchOrgUsers = (orgId: string, query: PageState & Record<string, unknown>) =>
  http.get<PageOf<User> | User[]>(orgUrl('/users', orgId), { params: query }).then((r) => asPage(r.data, query));
export const fetchOrgPositions = (orgId: string) => http.get<Position[]>(orgUrl('/stations', orgId)).then((r) => asList(r.data));

export const fetchOrgRoles = (orgId: string) => http.get<Role[] | PageOf<Role>>(orgUrl('/roles', orgId)).then((r) => asList(r.data));
/** Replaces the roles granted to the organisation (RoleIdsInput). */
export const saveOrgRoles = (orgId: string, roleIds: string[]) => http.put(orgUrl('/roles', orgId), { roleIds });
/** Roles in force for members: its own plus those of its ancestors. */
export const fetchOwnedRoles = (orgId: string) => http.get<OwnedRole[]>(orgUrl('/roles/owned', orgId)).then((r) => asList(r.data));

/** The named counts of a resource-ref answer that are above zero (arrays count by length). */
export function refCounts(refs: ResourceRefs | undefined): { key: string; count: number }[] {
  return Object.entries(refs ?? {}).flatMap(([key, value]) => {
    const count = typeof value === 'number' ? value : Array.isArray(value) ? value.length : undefined;
    return count ? [{ key, count }] : [];
  });
}
