import { INTERNAL_APPS, type Application, type MenuNode } from '@portal/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, menus } from '../tables.ts';
import { registerApplication, userHolding as holding } from '../../../../test/factories/applications.ts';
import { useAdminApp } from '../../../../test/factories/identity.ts';
import { seedInternalApplications } from './seed.ts';

const { t, api } = useAdminApp();

const instantsOf = (list: Application[]) => list.map((app) => app.instant);
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const resourcesIn = (nodes: MenuNode[]) => flat(nodes).map((node) => node.resource);

/** An application with a page and a permission point below its root. */
async function appWithTree(input: Parameters<typeof registerApplication>[1] = {}) {
  const app = await registerApplication(api, input);
  const page = (await api.post('/menus', { parentId: app.menuId, name: 'orders', title: 'Orders', type: 'path' })).json();
  await api.post('/menus', {
    parentId: page.id,
    name: 'export',
    title: 'Export',
    type: 'element',
    api: ['GET:/api/permission/v4/applications'],
  });
  await api.post('/menus', { parentId: app.menuId, name: 'reports', title: 'Reports', type: 'path' });
  return app;
}

const userHolding = (resources: string[]) => holding(t, resources);

describe('the internal applications', () => {
  it('are seeded once as path applications at /<instant>, rooted at their catalogue section or a node of their own', async () => {
    const rows = await t.database.db
      .select()
      .from(applications)
      .where(inArray(applications.instant, [...INTERNAL_APPS]));
    expect(rows.map((row) => row.instant).sort()).toEqual([...INTERNAL_APPS].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ type: 'path', pathname: `/${row.instant}`, category: ['System'], state: 'enabled' });
      const [root] = await t.database.db.select().from(menus).where(eq(menus.id, row.menuId));
      expect(root).toMatchObject({ resource: row.instant, parentId: null, applicationId: row.instant === 'msgCenter' ? row.id : null });
    }
    await seedInternalApplications(t.database.db);
    const [after] = await t.database.db
      .select({ n: count() })
      .from(applications)
      .where(inArray(applications.instant, [...INTERNAL_APPS]));
    expect(after?.n).toBe(INTERNAL_APPS.length);
  });
});

describe('GET /applications/self', () => {
  it('lists the enabled applications whose root the user reaches, and those everyone has', async () => {
    const granted = await appWithTree();
    const below = await appWithTree();
    const hidden = await appWithTree();
    const disabled = await appWithTree();
    await api.patch(`/applications/${disabled.id}/state`, { state: 'disabled' });
    const holder = await userHolding([granted.instant, `${below.instant}:reports`, disabled.instant]);
    const seen = instantsOf((await holder.api.get('/applications/self')).json());
    expect(seen).toEqual(expect.arrayContaining([granted.instant, below.instant, 'personalCenter', 'msgCenter']));
    expect(seen).not.toContain(hidden.instant);
    expect(seen).not.toContain(disabled.instant);
    expect(seen).not.toContain('systemManage');

    const nobody = await userHolding([]);
    expect(instantsOf((await nobody.api.get('/applications/self')).json()).sort()).toEqual(['msgCenter', 'personalCenter']);
    const sectionUser = await userHolding(['systemManage:auditLog']);
    expect(instantsOf((await sectionUser.api.get('/applications/self')).json())).toContain('systemManage');

    const everything = instantsOf((await api.get('/applications/self')).json());
    expect(everything).toEqual(expect.arrayContaining([...INTERNAL_APPS, granted.instant, hidden.instant]));
    expect(everything).not.toContain(disabled.instant);
    expect(everything.slice(0, INTERNAL_APPS.length)).toEqual([...INTERNAL_APPS]);
  });

  it('with owned=true lists the applications the caller owns, disabled ones too', async () => {
    const owner = await userHolding([]);
    const mine = await registerApplication(api);
    const theirs = await registerApplication(api);
    await api.patch(`/applications/${mine.id}/owner`, { ownerId: owner.user.id });
    await api.patch(`/applications/${mine.id}/state`, { state: 'disabled' });
    const owned = (await owner.api.get('/applications/self?owned=true')).json();
    expect(owned).toEqual([expect.objectContaining({ id: mine.id, state: 'disabled', ownerId: owner.user.id })]);
    expect(instantsOf((await api.get('/applications/self?owned=true')).json())).toContain(theirs.instant);
    expect((await owner.api.get('/applications/self?owned=maybe')).statusCode).toBe(400);
  });

  it('lets the owner read their application, and nobody else without the query point', async () => {
    const owner = await userHolding([]);
    const stranger = await userHolding([]);
    const app = await registerApplication(api);
    await api.patch(`/applications/${app.id}/owner`, { ownerId: owner.user.id });
    expect((await owner.api.get(`/applications/${app.id}`)).json()).toMatchObject({ id: app.id, ownerId: owner.user.id });
    expect((await stranger.api.get(`/applications/${app.id}`)).statusCode).toBe(403);
    // Without the point, a missing application looks like any other one: no hint that it does not exist.
    expect((await stranger.api.get('/applications/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    const reader = await userHolding(['applicationManage:application:query']);
    expect((await reader.api.get(`/applications/${app.id}`)).statusCode).toBe(200);
    expect((await reader.api.put(`/applications/${app.id}`, { instant: app.instant, name: 'x', type: 'Web' })).statusCode).toBe(403);
  });
});

describe("an application's menu", () => {
  it('answers the part of its tree the user may see with ?instant=, and the console without it', async () => {
    const app = await appWithTree();
    const holder = await userHolding([`${app.instant}:orders`]);
    const own = (await holder.api.get(`/users/resources/frontend?instant=${app.instant}`)).json();
    expect(own.resources).toEqual([`${app.instant}:orders`, `${app.instant}:orders:export`]);
    expect(resourcesIn(own.menus)).toEqual([app.instant, `${app.instant}:orders`, `${app.instant}:orders:export`]);

    const admin = (await api.get(`/users/resources/frontend?instant=${app.instant}`)).json();
    expect(resourcesIn(admin.menus).sort()).toEqual(admin.resources.sort());
    expect(admin.resources).toHaveLength(4);

    const stranger = await userHolding([]);
    expect((await stranger.api.get(`/users/resources/frontend?instant=${app.instant}`)).json()).toEqual({ resources: [], menus: [] });
    const inbox = (await stranger.api.get('/users/resources/frontend?instant=msgCenter')).json();
    expect(inbox).toMatchObject({ resources: ['msgCenter'], menus: [{ resource: 'msgCenter' }] });
    const personal = (await stranger.api.get('/users/resources/frontend?instant=personalCenter')).json();
    expect(personal.resources).toEqual(['personalCenter']);
    expect(resourcesIn(personal.menus)).toContain('personalCenter:baseInfo');

    const console = (await api.get('/users/resources/frontend')).json();
    const consoleResources = resourcesIn(console.menus);
    expect(consoleResources).toContain('systemManage:auditLog');
    expect(consoleResources).not.toContain(app.instant);
    expect(consoleResources).not.toContain('msgCenter');
    // The resources stay whole: the web access check opens the applications' routes by them.
    expect(console.resources).toEqual(expect.arrayContaining([app.instant, `${app.instant}:orders`, 'msgCenter']));
    const holderConsole = resourcesIn((await holder.api.get('/users/resources/frontend')).json().menus);
    expect(holderConsole.filter((resource) => resource.startsWith(app.instant))).toEqual([]);

    expect((await holder.api.get('/users/resources/frontend?instant=noSuchApp')).statusCode).toBe(404);
    await api.patch(`/applications/${app.id}/state`, { state: 'disabled' });
    expect((await holder.api.get(`/users/resources/frontend?instant=${app.instant}`)).statusCode).toBe(404);
  });

  it('answers its whole tree to the console when the type matches', async () => {
    const app = await appWithTree({ type: 'MicroWeb', appUrl: 'https://micro.example.com/entry.js' });
    const tree = (await api.get(`/menus/applications/${app.id}/MicroWeb`)).json();
    expect(resourcesIn(tree)).toEqual([app.instant, `${app.instant}:orders`, `${app.instant}:orders:export`, `${app.instant}:reports`]);
    expect(flat(tree).find((node) => node.name === 'export')).toMatchObject({ type: 'element', status: '0' });
    expect((await api.get(`/menus/applications/${app.id}/Web`)).statusCode).toBe(404);
    expect((await api.get('/menus/applications/00000000-0000-4000-8000-000000000000/Web')).statusCode).toBe(404);
    expect((await api.get(`/menus/applications/${app.id}/element`)).statusCode).toBe(400);
    const systemManage = (await api.get('/v4/applications?keyword=systemManage')).json().list[0];
    const sections = (await api.get(`/menus/applications/${systemManage.id}/path`)).json();
    expect(resourcesIn(sections)).toContain('systemManage:organizationManage:user:create');
  });
});
