import { newEnforcer, newModelFromString, type Enforcer } from 'casbin';
import type { PermissionDataset } from './permission-dataset.ts';

/** casbin's standard RBAC model, as in its documentation (basic_model with role inheritance). */
const RBAC_MODEL = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act
`;

/** 'GET:/api/x/1' → ['/api/x/1', 'GET']: casbin's object and action. */
export function objectAndAction(permission: string): [string, string] {
  const colon = permission.indexOf(':');
  return [permission.slice(colon + 1), permission.slice(0, colon)];
}

/**
 * An in-memory casbin enforcer (no adapter: policies live in the model) holding the same grants:
 * a p line per (role, point), a g line per (user, role).
 */
export async function casbinEnforcer(data: PermissionDataset): Promise<Enforcer> {
  const enforcer = await newEnforcer(newModelFromString(RBAC_MODEL));
  await enforcer.addPolicies(
    data.roleGrants.flatMap((points, role) =>
      points.map((point) => [data.roleIds[role] as string, ...objectAndAction(data.points[point] as string)]),
    ),
  );
  await enforcer.addGroupingPolicies(
    data.userRoles.flatMap((held, user) => held.map((role) => [data.userIds[user] as string, data.roleIds[role] as string])),
  );
  return enforcer;
}
