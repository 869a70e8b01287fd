import { organizationEndpoints, organizationMemberEndpoints, type BodyOf } from '@portal/contracts';
import { call } from '../../../../api/call.ts';
import { asList, asPage, type PageState } from '../../../../components/admin/pageQuery.ts';
import type { OrgMove } from './orgMove.ts';

/** What the organisation form edits: the body of POST /v1/org and PUT /v1/org/{orgId} (OrganizationInput). */
export type OrgValues = BodyOf<typeof organizationEndpoints.create>;

const ofOrg = (orgId: string) => ({ params: { orgId } });

export const fetchOrg = (orgId: string) => call(organizationEndpoints.get, ofOrg(orgId));
export const createOrg = (body: OrgValues) => call(organizationEndpoints.create, { body });
export const updateOrg = (orgId: string, body: OrgValues) => call(organizationEndpoints.update, { ...ofOrg(orgId), body });
/** Silent: a refusal (members or positions left) is shown in a dialog, not a toast. */
export const deleteOrg = (orgId: string) => call(organizationEndpoints.remove, ofOrg(orgId), { silent: true });
export const moveOrg = (orgId: string, move: OrgMove) => call(organizationEndpoints.move, { ...ofOrg(orgId), body: move });
export const fetchResourceRefs = (orgId: string) => call(organizationMemberEndpoints.references, ofOrg(orgId));

export const fetchOrgUsers = (orgId: string, query: PageState & Record<string, unknown>) =>
  call(organizationMemberEndpoints.members, { ...ofOrg(orgId), query }).then((page) => asPage(page, query));
export const fetchOrgPositions = (orgId: string) => call(organizationMemberEndpoints.positions, ofOrg(orgId)).then(asList);

export const fetchOrgRoles = (orgId: string) => call(organizationMemberEndpoints.roles, ofOrg(orgId)).then(asList);
/** Replaces the roles granted to the organisation (RoleIdsInput). */
export const saveOrgRoles = (orgId: string, roleIds: string[]) =>
  call(organizationMemberEndpoints.setRoles, { ...ofOrg(orgId), body: { roleIds } });
/** Roles in force for members: its own plus those of its ancestors. */
export const fetchOwnedRoles = (orgId: string) => call(organizationMemberEndpoints.ownedRoles, ofOrg(orgId)).then(asList);

/** The named counts of a resource-ref answer that are above zero (arrays count by length). */
export function refCounts(refs: Readonly<Record<string, unknown>> | undefined): { key: string; count: number }[] {
  return Object.entries(refs ?? {}).flatMap(([key, value]) => {
    const count = typeof value === 'number' ? value : Array.isArray(value) ? value.length : undefined;
    return count ? [{ key, count }] : [];
  });
}
