import type { PageOf, User, UserPickerItem } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupUsers, userPositions, userRoles, users } from '../../tables.ts';
import { signInFailures } from '../../../../../test/tables.ts';
import { createUser } from '../../../../../test/app.ts';
import { makeGroup, makeOrg, makePosition, makeRole, useAdminApp } from '../../../../../test/factories/identity.ts';
import { eq } from 'drizzle-orm';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t, admin } = useAdminApp();
const get = (url: string) => admin({ method: 'GET', url });
const ids: Record<string, string> = {};
let orgs: Record<'root' | 'child' | 'grandchild' | 'other', { id: string; name: string; path: string }>;

/** Users named after where they sit, so each expectation reads as a sentence. */
beforeAll(async () => {
  const root = await makeOrg(t);
  const child = await makeOrg(t, { parent: root });
  const grandchild = await makeOrg(t, { parent: child });
  const other = await makeOrg(t);
  orgs = { root, child, grandchild, other };
  const place = async (key: string, orgId: string | null, extra: Partial<typeof users.$inferInsert> = {}) => {
    const user = await createUser(t, { username: `list-${key}` });
    await asSystem(t.database.db, (db) =>
      db
        .update(users)
        .set({ orgId, name: `Name ${key}`, ...extra })
        .where(eq(users.id, user.id)),
    );
    ids[key] = user.id;
  };
  await place('alpha', root.id, { email: 'Alpha.Person@Example.org' });
  await place('bravo', child.id, { phone: '+49 555 1234' });
  await place('charlie', grandchild.id, { actived: false });
  await place('delta', other.id);
  await place('echo', null);
});

const page = async (query: string) => {
  const response = await get(`/users?size=100&keyword=list-&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PageOf<User>>();
};
const usernames = (body: PageOf<{ username: string }>) => body.list.map((u) => u.username);

describe('GET /users', () => {
  it('lists an organisation alone, or with every organisation below it', async () => {
    expect(usernames(await page(`orgId=${orgs.root.id}`))).toEqual(['list-alpha']);
    expect(usernames(await page(`orgId=${orgs.root.id}&subtree=true`))).toEqual(['list-alpha', 'list-bravo', 'list-charlie']);
    expect(usernames(await page(`orgId=${orgs.child.id}&subtree=true`))).toEqual(['list-bravo', 'list-charlie']);
    expect(usernames(await page(`orgId=${orgs.child.id}&subtree=false`))).toEqual(['list-bravo']);
  });

  it('names the organisation of each user, and answers an unknown organisation with an empty page', async () => {
    const body = await page(`orgId=${orgs.root.id}&subtree=true`);
    expect(body.list.map((u) => [u.username, u.orgName])).toEqual([
      ['list-alpha', orgs.root.name],
      ['list-bravo', orgs.child.name],
      ['list-charlie', orgs.grandchild.name],
    ]);
    expect((await page('')).list.find((u) => u.username === 'list-echo')).toMatchObject({ orgId: null, orgName: null });
    expect(await page(`orgId=00000000-0000-4000-8000-000000000000&subtree=true`)).toMatchObject({ list: [], total: 0 });
  });

  it('matches the keyword in username, name, e-mail and phone regardless of case', async () => {
    const search = async (keyword: string) => usernames((await get(`/users?keyword=${encodeURIComponent(keyword)}`)).json());
    expect(await search('LIST-DELTA')).toEqual(['list-delta']);
    expect(await search('name ECHO')).toEqual(['list-echo']);
    expect(await search('alpha.person@example')).toEqual(['list-alpha']);
    expect(await search('555 12')).toEqual(['list-bravo']);
    // LIKE's wildcards are matched literally.
    expect(await search('%')).toEqual([]);
  });

  it('filters by state, position, group and direct role', async () => {
    expect(usernames(await page('actived=false'))).toEqual(['list-charlie']);
    expect(usernames(await page('actived=true'))).not.toContain('list-charlie');
    const position = await makePosition(t);
    const group = await makeGroup(t);
    const role = await makeRole(t);
    await asSystem(t.database.db, (db) => db.insert(userPositions).values({ userId: ids.alpha ?? '', positionId: position.id }));
    await asSystem(t.database.db, (db) => db.insert(groupUsers).values({ userId: ids.bravo ?? '', groupId: group.id }));
    await asSystem(t.database.db, (db) => db.insert(userRoles).values({ userId: ids.delta ?? '', roleId: role.id }));
    expect(usernames(await page(`positionId=${position.id}`))).toEqual(['list-alpha']);
    expect(usernames(await page(`groupId=${group.id}`))).toEqual(['list-bravo']);
    expect(usernames(await page(`roleId=${role.id}`))).toEqual(['list-delta']);
    expect(usernames(await page(`groupId=${group.id}&orgId=${orgs.root.id}&subtree=true`))).toEqual(['list-bravo']);
  });

  it('sorts and pages, with the total of every page', async () => {
    const byNameDown = await get('/users?keyword=list-&sort=name&order=descend&size=2&page=2');
    expect(byNameDown.json()).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(usernames(byNameDown.json())).toEqual(['list-charlie', 'list-bravo']);
    const newest = await get('/users?keyword=list-&sort=createdAt&order=descend&size=1');
    expect(usernames(newest.json())).toEqual(['list-echo']);
  });

  it('shows a user locked out by sign-in failures as locked, until the lock expires', async () => {
    await t.database.db.insert(signInFailures).values({ key: 'user:list-alpha', count: 10, lockedUntil: new Date(Date.now() + 60_000) });
    await t.database.db.insert(signInFailures).values({ key: 'user:list-bravo', count: 10, lockedUntil: new Date(Date.now() - 1000) });
    const locked = Object.fromEntries((await page('')).list.map((u) => [u.username, u.locked]));
    expect(locked).toMatchObject({ 'list-alpha': true, 'list-bravo': false, 'list-delta': false });
  });

  it('refuses filters and sorts it does not know with a 400 naming the field', async () => {
    for (const query of ['orgId=not-a-uuid', 'sort=passwordHash', 'size=1000', 'page=0', 'actived=maybe', 'roleId=1']) {
      const response = await get(`/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('never answers a password hash', async () => {
    const body = await get('/users?size=100');
    expect(body.body).not.toMatch(/password|\$argon2/i);
  });
});

describe('GET /v2/users', () => {
  it('answers the picker fields only, with the same filters', async () => {
    const response = await get(`/v2/users?orgId=${orgs.root.id}&subtree=true&sort=username`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PageOf<UserPickerItem>>();
    expect(body.total).toBe(3);
    expect(body.list[0]).toEqual({ id: ids.alpha, username: 'list-alpha', name: 'Name alpha', orgName: orgs.root.name });
    expect((await get('/v2/users?subtree=yes')).statusCode).toBe(400);
  });
});
