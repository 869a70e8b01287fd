import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations, users } from '../tables.ts';
import { auditOf, makeOrg, makePosition, makeUser, snapshot, useAdminApp } from '../../../../test/factories/identity.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { ORGANIZATIONS_CHANGED_TOPIC } from './tree-cache.ts';

const { t, api } = useAdminApp();

const pathOf = async (id: string) => (await t.database.db.select().from(organizations).where(eq(organizations.id, id)))[0]?.path;

describe('creating and reading organisations', () => {
  it('creates a root and a child with the path computed from the parent, in sibling order', async () => {
    const root = await api.post('/v1/org', { name: 'Head office', code: 'hq-create' });
    expect(root.statusCode).toBe(200);
    const rootBody = root.json();
    expect(rootBody).toMatchObject({
      name: 'Head office',
      code: 'hq-create',
      parentId: null,
      path: `/${rootBody.id}/`,
      hasChildren: false,
    });

    const first = (await api.post('/v1/org', { name: 'Sales', code: 'hq-sales', parentId: rootBody.id })).json();
    const second = (await api.post('/v1/org', { name: 'Audit', code: 'hq-audit', parentId: rootBody.id })).json();
    expect(first.path).toBe(`/${rootBody.id}/${first.id}/`);
    expect(second.sort).toBeGreaterThan(first.sort);

    const level = (await api.get(`/v1/org/tree?parentId=${rootBody.id}`)).json();
    expect(level.map((o: { code: string }) => o.code)).toEqual(['hq-sales', 'hq-audit']);
    expect((await api.get(`/v1/org/${rootBody.id}`)).json()).toMatchObject({ hasChildren: true });
    const children = (await api.get(`/v1/org/${rootBody.id}/children/org`)).json();
    expect(children).toHaveLength(2);

    const roots = (await api.get('/v1/org/tree')).json();
    expect(roots.find((o: { id: string }) => o.id === rootBody.id)).toMatchObject({ hasChildren: true, parentId: null });
    expect(roots.every((o: { parentId: string | null }) => o.parentId === null)).toBe(true);

    const [entry] = await auditOf(t, 'organizations.create');
    expect(entry).toMatchObject({ targetType: 'organization', before: null });
  });

  it('refuses a duplicate code with 409 naming the field, and an unknown parent with 400, changing nothing', async () => {
    await api.post('/v1/org', { name: 'Dup', code: 'dup-code' });
    const before = await snapshot(t);
    const duplicate = await api.post('/v1/org', { name: 'Dup 2', code: 'dup-code' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFLICT', details: { field: 'code' } });
    const orphan = await api.post('/v1/org', { name: 'Orphan', code: 'orphan', parentId: randomUUID() });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toMatch(/parent/);
    for (const body of [
      { name: '', code: 'x' },
      { name: 'x', code: 'has space' },
      { name: 'x' },
      { name: 'x', code: 'y', parentId: 'nope' },
    ]) {
      const response = await api.post('/v1/org', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('answers 404 for an unknown organisation and 400 for an id that is not a uuid', async () => {
    for (const path of ['', '/children/org', '/stations', '/users', '/roles', '/roles/owned', '/secondary', '/resource-ref']) {
      expect((await api.get(`/v1/org/${randomUUID()}${path}`)).statusCode, path).toBe(404);
      expect((await api.get(`/v1/org/not-a-uuid${path}`)).statusCode, path).toBe(400);
    }
    expect((await api.put(`/v1/org/${randomUUID()}`, { name: 'x', code: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`/v1/org/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('nests the whole tree from one read, with hasChildren and sibling order', async () => {
    const root = await makeOrg(t, { name: 'whole-root' });
    const b = await makeOrg(t, { parent: root, name: 'b', sort: 2 });
    const a = await makeOrg(t, { parent: root, name: 'a', sort: 1 });
    await makeOrg(t, { parent: a, name: 'a1' });
    const tree = (await api.get('/v1/org/tree/whole')).json();
    const node = tree.find((o: { id: string }) => o.id === root.id);
    expect(node.children.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
    expect(node.children[0]).toMatchObject({ hasChildren: true, children: [{ name: 'a1', hasChildren: false, children: [] }] });
    expect(node.children[1]).toMatchObject({ hasChildren: false, children: [] });
  });

  it('answers the whole tree of 10,000 organisations nested under their parents', async () => {
    const rows: (typeof organizations.$inferInsert)[] = [];
    const rootId = randomUUID();
    rows.push({ id: rootId, parentId: null, name: 'big', code: `big-${rootId}`, path: `/${rootId}/` });
    for (let i = 0; i < 99; i++) {
      const id = randomUUID();
      rows.push({ id, parentId: rootId, name: `dept ${i}`, code: `big-${id}`, path: `/${rootId}/${id}/` });
      for (let j = 0; j < 100 && rows.length < 10_000; j++) {
        const leaf = randomUUID();
        rows.push({ id: leaf, parentId: id, name: `team ${j}`, code: `big-${leaf}`, path: `/${rootId}/${id}/${leaf}/` });
      }
    }
    await asSystem(t.database.db, async (db) => {
      for (let i = 0; i < rows.length; i += 1000) await db.insert(organizations).values(rows.slice(i, i + 1000));
    });
    // Written behind the service's back: tell the cached tree, as the service does after its own writes.
    await t.events.publish(ORGANIZATIONS_CHANGED_TOPIC, '');
    // How fast is the benchmark's business (bench/lib/directory-load.ts), not this test's.
    const response = await api.get('/v1/org/tree/whole');
    expect(response.statusCode).toBe(200);
    const big = response.json().find((o: { id: string }) => o.id === rootId);
    expect(big.children).toHaveLength(99);
    expect(big.children[0].children).toHaveLength(100);
    // The other tests compare snapshots of the whole table: keep it small.
    await asSystem(t.database.db, (db) => db.delete(organizations).where(like(organizations.path, `/${rootId}/%`)));
    await t.events.publish(ORGANIZATIONS_CHANGED_TOPIC, '');
  });
});

describe('the API document', () => {
  it('publishes the recursive tree schema', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/api/permission/v1/org/tree/whole']).toBeDefined();
    expect(JSON.stringify(document)).toContain('OrganizationTreeNode');
  });
});

describe('editing, moving and deleting organisations', () => {
  it('edits name and code, and moving by parentId rewrites the subtree paths', async () => {
    const a = await makeOrg(t);
    const b = await makeOrg(t);
    const child = await makeOrg(t, { parent: a });
    const response = await api.put(`/v1/org/${a.id}`, { name: 'Renamed', code: `renamed-${a.id}`, parentId: b.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed', parentId: b.id, path: `/${b.id}/${a.id}/` });
    expect(await pathOf(child.id)).toBe(`/${b.id}/${a.id}/${child.id}/`);
    const [entry] = await auditOf(t, 'organizations.update');
    expect(entry?.before).toMatchObject({ name: a.name });
    expect(entry?.after).toMatchObject({ name: 'Renamed' });
  });

  it('moves a subtree under a new parent at a position among its siblings (drag and drop)', async () => {
    const target = await makeOrg(t);
    const s0 = await makeOrg(t, { parent: target, sort: 0 });
    const s1 = await makeOrg(t, { parent: target, sort: 1 });
    const moved = await makeOrg(t);
    const grandChild = await makeOrg(t, { parent: await makeOrg(t, { parent: moved }) });
    const response = await api.patch(`/v1/org/${moved.id}/order`, { parentId: target.id, index: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ parentId: target.id, path: `/${target.id}/${moved.id}/` });
    const order = (await api.get(`/v1/org/tree?parentId=${target.id}`)).json().map((o: { id: string }) => o.id);
    expect(order).toEqual([s0.id, moved.id, s1.id]);
    expect(await pathOf(grandChild.id)).toMatch(new RegExp(`^/${target.id}/${moved.id}/[^/]+/${grandChild.id}/$`));

    const toRoot = await api.patch(`/v1/org/${moved.id}/order`, { parentId: null, index: 0 });
    expect(toRoot.json()).toMatchObject({ parentId: null, path: `/${moved.id}/` });
    expect((await api.get('/v1/org/tree')).json()[0].id).toBe(moved.id);
    expect((await auditOf(t, 'organizations.move')).length).toBe(2);
  });

  it('refuses to move an organisation under itself or a descendant, or under an unknown parent, changing nothing', async () => {
    const top = await makeOrg(t);
    const child = await makeOrg(t, { parent: top });
    const before = await snapshot(t);
    for (const parentId of [top.id, child.id, randomUUID()]) {
      const response = await api.patch(`/v1/org/${top.id}/order`, { parentId, index: 0 });
      expect(response.statusCode).toBe(400);
    }
    expect((await api.patch(`/v1/org/${top.id}/order`, { parentId: null, index: -1 })).statusCode).toBe(400);
    expect((await api.patch(`/v1/org/${top.id}/order`, { index: 0 })).statusCode).toBe(400);
    expect((await api.put(`/v1/org/${top.id}`, { name: 'x', code: top.code, parentId: child.id })).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
  });

  it('refuses to delete an organisation with members, children or positions, naming what is left', async () => {
    const org = await makeOrg(t);
    await makeOrg(t, { parent: org });
    await makeUser(t, { orgId: org.id });
    await makePosition(t, { orgId: org.id });
    const before = await snapshot(t);
    const response = await api.delete(`/v1/org/${org.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/1 members, 1 sub-organisations, 1 positions/);
    expect(await snapshot(t)).toBe(before);
    const refs = (await api.get(`/v1/org/${org.id}/resource-ref`)).json();
    expect(refs).toEqual({ users: 1, secondaryUsers: 0, children: 1, positions: 1, roles: 0 });
  });

  it('deletes an empty organisation with an audit entry', async () => {
    const org = await makeOrg(t);
    expect((await api.delete(`/v1/org/${org.id}`)).json()).toEqual({ ok: true });
    expect(await pathOf(org.id)).toBeUndefined();
    const [entry] = await auditOf(t, 'organizations.delete');
    expect(entry).toMatchObject({ targetId: org.id, after: null });
    expect(entry?.before).toMatchObject({ code: org.code });
  });
});

describe('what hangs off an organisation', () => {
  it('lists members, and with subtree=true those of sub-organisations too', async () => {
    const org = await makeOrg(t);
    const sub = await makeOrg(t, { parent: org });
    const direct = await makeUser(t, { orgId: org.id, username: `direct-${org.id.slice(0, 6)}` });
    await makeUser(t, { orgId: sub.id });
    const own = (await api.get(`/v1/org/${org.id}/users`)).json();
    expect(own).toMatchObject({ total: 1, page: 1, list: [{ id: direct.id, orgId: org.id, orgName: org.name, locked: false }] });
    const all = (await api.get(`/v1/org/${org.id}/users?subtree=true&size=1`)).json();
    expect(all).toMatchObject({ total: 2, size: 1 });
    expect(all.list).toHaveLength(1);
    expect((await api.get(`/v1/org/${org.id}/users?subtree=true&keyword=direct-`)).json().total).toBe(1);
    expect((await api.get(`/v1/org/${org.id}/users?size=1000`)).statusCode).toBe(400);
  });

  it('lists members newest first unless told otherwise, and only the query’s paging fields narrow them', async () => {
    const org = await makeOrg(t);
    const older = await makeUser(t, { orgId: org.id });
    const newer = await makeUser(t, { orgId: org.id });
    await asSystem(t.database.db, (db) =>
      db
        .update(users)
        .set({ createdAt: new Date('2020-01-01T00:00:00Z'), updatedAt: new Date('2030-01-01T00:00:00Z') })
        .where(eq(users.id, older.id)),
    );
    const idsOf = async (query: string) =>
      ((await api.get(`/v1/org/${org.id}/users${query}`)).json().list as { id: string }[]).map((user) => user.id);
    expect(await idsOf('')).toEqual([newer.id, older.id]);
    expect(await idsOf('?sort=createdAt&order=ascend')).toEqual([older.id, newer.id]);
    expect(await idsOf('?sort=updatedAt&order=descend')).toEqual([older.id, newer.id]);
    expect(await idsOf('?sort=email')).toEqual([newer.id, older.id]);
    // GET /users's filters are not this route's: a stray one is ignored.
    expect(await idsOf('?actived=false&subtree=true')).toEqual([newer.id, older.id]);
  });

  it('lists the positions of an organisation', async () => {
    const org = await makeOrg(t);
    const position = await makePosition(t, { orgId: org.id });
    expect((await api.get(`/v1/org/${org.id}/stations`)).json()).toMatchObject([{ id: position.id, orgName: org.name }]);
  });

  it('replaces secondary members, refusing unknown users without a change', async () => {
    const org = await makeOrg(t);
    const [u1, u2] = [await makeUser(t), await makeUser(t)];
    const set = await api.put(`/v1/org/${org.id}/secondary`, { userIds: [u1.id, u2.id] });
    expect(set.statusCode).toBe(200);
    expect(
      set
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([u1.id, u2.id].sort());
    const before = await snapshot(t);
    const bad = await api.put(`/v1/org/${org.id}/secondary`, { userIds: [u1.id, randomUUID()] });
    expect(bad.statusCode).toBe(400);
    expect((await api.put(`/v1/org/${org.id}/secondary`, { userIds: [u1.id, u1.id] })).statusCode).toBe(400);
    expect(await snapshot(t)).toBe(before);
    await api.put(`/v1/org/${org.id}/secondary`, { userIds: [u2.id] });
    expect((await api.get(`/v1/org/${org.id}/secondary`)).json().map((u: { id: string }) => u.id)).toEqual([u2.id]);
    expect((await api.get(`/v1/org/${org.id}/resource-ref`)).json().secondaryUsers).toBe(1);
    const [entry] = await auditOf(t, 'organizations.secondary.update');
    expect(entry).toMatchObject({ before: { userIds: [u1.id, u2.id] }, after: { userIds: [u2.id] } });
  });

  it('keeps members when their organisation is deleted after they leave', async () => {
    const org = await makeOrg(t);
    const member = await makeUser(t, { orgId: org.id });
    await asSystem(t.database.db, (db) => db.update(users).set({ orgId: null }).where(eq(users.id, member.id)));
    expect((await api.delete(`/v1/org/${org.id}`)).statusCode).toBe(200);
  });
});
