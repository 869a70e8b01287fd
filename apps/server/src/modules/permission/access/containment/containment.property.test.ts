import fc from 'fast-check';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createLocalEventBus } from '../../../../platform/events.ts';
import { groupUsers, menus, userPositions, userRoles, users, userSecondaryOrgs } from '../../tables.ts';
import {
  adminId,
  apiAs,
  grantOrgRole,
  makeGroup,
  makeOrg,
  makePosition,
  makeRole,
  makeUser,
  snapshot,
  tokenOf,
  useAdminApp,
  type Api,
} from '../../../../../test/factories/identity.ts';
import { createPermissionDecider, type UserGrants } from '../decider.ts';
import { covers } from '../resources.ts';

/**
 * The containment invariant as a property: an actor holding a random part of the console performs
 * random sequences of the calls that change grants or act on users. After every call, checked with
 * the server's own permission decision (not the containment SQL): a refused call changed nothing;
 * a user whose grants changed held and holds nothing the actor did not hold; a user who held more
 * than the actor was not changed at all.
 */
const { t } = useAdminApp();

/** The console pages the roles of a world are made of (each with its elements). */
const PAGES = [
  'systemManage:organizationManage:user',
  'systemManage:organizationManage:userGroup',
  'systemManage:organizationManage:organization',
  'systemManage:organizationManage:position',
  'systemManage:roleManage',
  'systemManage:navManage:menuManage',
  'systemManage:auditLog',
];

const subset = <T>(items: readonly T[]) => fc.subarray([...items]);
const index = (n: number) => fc.nat({ max: n - 1 });

const ROLES = 4;
const ORGS = 3;
const GROUPS = 2;
const OTHERS = 3;

const worldArbitrary = fc.record({
  rolePages: fc.array(subset(PAGES), { minLength: ROLES, maxLength: ROLES }),
  actorRoles: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
  userRoles: fc.array(subset([0, 1, 2, 3]), { minLength: OTHERS, maxLength: OTHERS }),
  userOrgs: fc.array(fc.option(index(ORGS)), { minLength: OTHERS + 1, maxLength: OTHERS + 1 }),
  orgRoles: fc.array(subset([0, 1, 2, 3]), { minLength: ORGS, maxLength: ORGS }),
  groupRoles: fc.array(subset([0, 1, 2, 3]), { minLength: GROUPS, maxLength: GROUPS }),
  groupMembers: fc.array(subset([0, 1, 2, 3]), { minLength: GROUPS, maxLength: GROUPS }),
  positionRoles: subset([0, 1, 2, 3]),
});
type WorldSpec = typeof worldArbitrary extends fc.Arbitrary<infer W> ? W : never;
type World = Awaited<ReturnType<typeof buildWorld>>;

/** Targets: 0…OTHERS-1 the other users, OTHERS the actor himself, OTHERS+1 the super-administrator. */
const target = index(OTHERS + 2);
const roleSet = subset([0, 1, 2, 3]);
const commandArbitrary = fc.oneof(
  fc.record({ call: fc.constant('userRoles' as const), user: target, roles: roleSet }),
  fc.record({ call: fc.constant('userGroups' as const), user: target, groups: subset([0, 1]) }),
  fc.record({ call: fc.constant('userOrg' as const), user: target, org: fc.option(index(ORGS)) }),
  fc.record({ call: fc.constant('password' as const), user: target }),
  fc.record({ call: fc.constant('disable' as const), user: target }),
  fc.record({ call: fc.constant('deleteUser' as const), user: target }),
  fc.record({ call: fc.constant('roleUsers' as const), role: index(ROLES), users: subset([0, 1, 2, 3, 4]), add: fc.boolean() }),
  fc.record({ call: fc.constant('groupUsers' as const), group: index(GROUPS), users: subset([0, 1, 2, 3, 4]), add: fc.boolean() }),
  fc.record({ call: fc.constant('roleGroups' as const), role: index(ROLES), groups: subset([0, 1]), add: fc.boolean() }),
  fc.record({ call: fc.constant('orgRoles' as const), org: index(ORGS), roles: roleSet }),
  fc.record({ call: fc.constant('orgMove' as const), org: index(ORGS), parent: fc.option(index(ORGS)) }),
  fc.record({ call: fc.constant('secondary' as const), org: index(ORGS), users: subset([0, 1, 2, 3, 4]) }),
  fc.record({ call: fc.constant('positionUsers' as const), users: subset([0, 1, 2, 3, 4]) }),
  fc.record({ call: fc.constant('positionRoles' as const), roles: roleSet }),
  fc.record({ call: fc.constant('roleResources' as const), role: index(ROLES), pages: subset(PAGES) }),
  fc.record({ call: fc.constant('roleCopy' as const), role: index(ROLES) }),
  fc.record({ call: fc.constant('groupActived' as const), group: index(GROUPS), actived: fc.boolean() }),
);
type Command = typeof commandArbitrary extends fc.Arbitrary<infer C> ? C : never;

/** The menu node ids of pages and everything under them, as the console's tree picker grants them. */
async function nodesUnder(pages: readonly string[]): Promise<string[]> {
  if (pages.length === 0) return [];
  const rows = await t.database.db
    .select({ id: menus.id })
    .from(menus)
    .where(or(...pages.map((page) => or(eq(menus.resource, page), sql`left(${menus.resource}, ${page.length + 1}::int) = ${`${page}:`}`))));
  return rows.map((row) => row.id);
}

/** Roles, organisations (a root and two children), groups, a position, three users and the actor, as the spec says. */
async function buildWorld(spec: WorldSpec) {
  const roles: { id: string }[] = [];
  for (const pages of spec.rolePages) roles.push(await makeRole(t, { resources: pages }));
  const roleIds = (picked: number[]) => picked.map((i) => roles[i]?.id ?? '');
  const root = await makeOrg(t);
  const orgs = [root, await makeOrg(t, { parent: root }), await makeOrg(t, { parent: root })];
  for (const [i, picked] of spec.orgRoles.entries()) for (const roleId of roleIds(picked)) await grantOrgRole(t, orgs[i]?.id ?? '', roleId);
  const orgOf = (i: number | null | undefined) => (i === null || i === undefined ? null : (orgs[i]?.id ?? null));
  const others = [];
  for (const [i, picked] of spec.userRoles.entries())
    others.push(await makeUser(t, { roleIds: roleIds(picked), orgId: orgOf(spec.userOrgs[i]) }));
  const actor = await makeUser(t, { roleIds: roleIds(spec.actorRoles), orgId: orgOf(spec.userOrgs[OTHERS]) });
  const people = [...others.map((u) => u.id), actor.id, await adminId(t)];
  const groups = [];
  for (const [i, picked] of spec.groupRoles.entries()) {
    const members = (spec.groupMembers[i] ?? []).map((m) => people[m] ?? '');
    groups.push(await makeGroup(t, { roleIds: roleIds(picked), userIds: members.filter((id) => id !== people[OTHERS + 1]) }));
  }
  const position = await makePosition(t, { roleIds: roleIds(spec.positionRoles) });
  return { roles, orgs, groups, position, people, actor: { id: actor.id, api: apiAs(t, await tokenOf(t, actor)) } };
}

function callOf(api: Api, w: World, c: Command) {
  const person = (i: number) => w.people[i] ?? '';
  const ids = <T extends { id: string }>(rows: T[], picked: number[]) => picked.map((i) => rows[i]?.id ?? '');
  const people = (picked: number[]) => picked.map(person);
  switch (c.call) {
    case 'userRoles':
      return api.put(`/users/${person(c.user)}/roles/all`, { roleIds: ids(w.roles, c.roles) });
    case 'userGroups':
      return api.put(`/users/${person(c.user)}/groups/all`, { groupIds: ids(w.groups, c.groups) });
    case 'userOrg':
      return t.database.db
        .select()
        .from(users)
        .where(eq(users.id, person(c.user)))
        .then(([row]) =>
          api.put(`/users/${person(c.user)}`, {
            username: row?.username,
            name: row?.name,
            orgId: c.org === null ? null : w.orgs[c.org]?.id,
          }),
        );
    case 'password':
      return api.patch(`/users/${person(c.user)}/password`, { password: 'property-password-1' });
    case 'disable':
      return api.delete(`/users/${person(c.user)}/actived`);
    case 'deleteUser':
      return api.delete(`/users/${person(c.user)}`);
    case 'roleUsers':
      return (c.add ? api.post : api.delete)('/rels/roles/users', { roleId: w.roles[c.role]?.id, userIds: people(c.users) });
    case 'groupUsers':
      return (c.add ? api.post : api.delete)('/rels/users/groups', { groupId: w.groups[c.group]?.id, userIds: people(c.users) });
    case 'roleGroups':
      return (c.add ? api.post : api.delete)('/rels/roles/groups', { roleId: w.roles[c.role]?.id, groupIds: ids(w.groups, c.groups) });
    case 'orgRoles':
      return api.put(`/v1/org/${w.orgs[c.org]?.id}/roles`, { roleIds: ids(w.roles, c.roles) });
    case 'orgMove':
      return api.patch(`/v1/org/${w.orgs[c.org]?.id}/order`, { parentId: c.parent === null ? null : w.orgs[c.parent]?.id, index: 0 });
    case 'secondary':
      return api.put(`/v1/org/${w.orgs[c.org]?.id}/secondary`, { userIds: people(c.users) });
    case 'positionUsers':
      return api.put(`/v1/stations/${w.position.id}/users`, { userIds: people(c.users) });
    case 'positionRoles':
      return api.put(`/v1/stations/${w.position.id}/roles`, { roleIds: ids(w.roles, c.roles) });
    case 'roleResources':
      return nodesUnder(c.pages).then((menuIds) => api.put(`/roles/${w.roles[c.role]?.id}/resources`, { menuIds }));
    case 'roleCopy':
      return api.post(`/roles/${w.roles[c.role]?.id}/copy`, { code: `copy-${Math.random().toString(36).slice(2, 10)}`, name: 'Copy' });
    case 'groupActived':
      return (c.actived ? api.post : api.delete)(`/groups/${w.groups[c.group]?.id}/actived`);
  }
}

/** What each person may do, by the server's own decision, and everything about them a change could touch. */
async function stateOf(w: World) {
  const decider = createPermissionDecider(t.database.db, createLocalEventBus());
  const state = new Map<string, { grants: UserGrants | null; fingerprint: string }>();
  const rowsOf = async (userId: string) =>
    JSON.stringify(
      await Promise.all([
        t.database.db.select().from(users).where(eq(users.id, userId)),
        t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.roleId),
        t.database.db.select().from(groupUsers).where(eq(groupUsers.userId, userId)).orderBy(groupUsers.groupId),
        t.database.db.select().from(userPositions).where(eq(userPositions.userId, userId)).orderBy(userPositions.positionId),
        t.database.db.select().from(userSecondaryOrgs).where(eq(userSecondaryOrgs.userId, userId)).orderBy(userSecondaryOrgs.orgId),
      ]),
    );
  const existing = new Set(
    (await t.database.db.select({ id: users.id }).from(users).where(inArray(users.id, w.people))).map((row) => row.id),
  );
  for (const id of w.people) {
    const grants = existing.has(id) ? await decider.grantsOf(id) : null;
    state.set(id, { grants, fingerprint: `${await rowsOf(id)}|${describeGrants(grants)}` });
  }
  decider.close();
  return state;
}

const describeGrants = (g: UserGrants | null) => (g ? JSON.stringify([g.all, [...g.apis].sort(), [...g.resources].sort()]) : 'none');

/** Whether everything `user` may do, the actor may do too. */
function within(user: UserGrants | null, actor: UserGrants): boolean {
  if (!user || actor.all) return true;
  if (user.all) return false;
  return [...user.apis].every((api) => actor.apis.has(api)) && user.resources.every((r) => actor.resources.some((held) => covers(held, r)));
}

it('no sequence of calls by a limited actor gives anyone more than the actor holds or touches anyone above him', async () => {
  await fc.assert(
    fc.asyncProperty(worldArbitrary, fc.array(commandArbitrary, { minLength: 4, maxLength: 10 }), async (spec, commands) => {
      const w = await buildWorld(spec);
      for (const command of commands) {
        const before = await stateOf(w);
        const actor = before.get(w.actor.id)?.grants;
        if (!actor) return; // the actor deleted his own account is refused, so this does not happen; guards the types
        const tables = await snapshot(t);
        const response = await callOf(w.actor.api, w, command);
        expect(response.statusCode, `${JSON.stringify(command)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(await snapshot(t), `refused ${JSON.stringify(command)} changed something`).toBe(tables);
          continue;
        }
        const after = await stateOf(w);
        for (const id of w.people) {
          const was = before.get(id);
          const is = after.get(id);
          if (!was || !is || was.fingerprint === is.fingerprint) continue;
          const what = `${JSON.stringify(command)} changed ${id}`;
          expect(within(was.grants, actor), `${what}, who held more than the actor`).toBe(true);
          expect(within(is.grants, actor), `${what}, who now holds more than the actor`).toBe(true);
        }
      }
    }),
    { numRuns: 12, endOnFailure: true },
  );
}, 600_000);
