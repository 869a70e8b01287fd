import type { Application, MenuNode, PublishedPage, SyncTask } from '@portal/contracts';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDrained } from '../../../../../test/app.ts';
import { registerApplication } from '../../../../../test/factories/applications.ts';
import { makeRole, useAdminApp } from '../../../../../test/factories/identity.ts';

const { t, api } = useAdminApp();
const MENU_FILE = fileURLToPath(new URL('../../../../../../micro-demo/public/menu.json', import.meta.url));

/** The micro-demo's menu.json over real HTTP: the real file, or (after `publish`) a changed copy. */
let published: string | null = null;
let server: Server;
let origin = '';
/** What the endless menu.json had sent when the reader let go of it. */
let endlessSent = 0;
/** Answers an endless JSON array, 64 KiB at a time, until the reader lets go. */
function answerEndlessly(response: ServerResponse) {
  const chunk = Buffer.alloc(64 * 1024, ' ');
  response.writeHead(200, { 'content-type': 'application/json' }).write('[');
  const more = () => {
    while (!response.destroyed && response.write(chunk)) endlessSent += chunk.length;
  };
  response.on('drain', more);
  response.on('close', () => response.off('drain', more));
  more();
}
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/endless/menu.json') return answerEndlessly(response);
    if (request.url !== '/micro-demo/menu.json') return void response.writeHead(404).end();
    void (published === null ? readFile(MENU_FILE, 'utf8') : Promise.resolve(published)).then((body) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The stored tree as nested "name(type)[title]" lines, to compare with what was published. */
const shapeOfStored = (nodes: MenuNode[]): unknown =>
  nodes.map((node) => ({ name: node.name, type: node.type, title: node.title, api: node.api, children: shapeOfStored(node.children) }));
const shapeOfPublished = (pages: PublishedPage[]): unknown =>
  pages.map((page) => ({
    name: page.name,
    type: 'path',
    title: typeof page.title === 'string' ? page.title : page.title['en-US'],
    api: [],
    children: [
      ...(shapeOfPublished(page.children ?? []) as unknown[]),
      ...(page.elements ?? []).map((element) => ({
        name: element.name,
        type: 'element',
        title: typeof element.title === 'string' ? element.title : element.title['en-US'],
        api: element.api ?? [],
        children: [],
      })),
    ],
  }));

async function synchronise(app: Application, body: object = {}): Promise<SyncTask> {
  const queued = await api.post(`/v4/applications/${app.id}/synchronization-task`, body);
  expect(queued.statusCode, queued.body).toBe(200);
  await outboxDrained(t);
  const task = (
    await api.get(`/v4/applications/${app.id}/synchronization-task/${queued.json<{ taskId: string }>().taskId}`)
  ).json<SyncTask>();
  expect(task.status, task.error ?? '').toBe('done');
  return task;
}
/** Queues a synchronisation from the application's menu.json, which must fail with no report; answers the task. */
async function failedSynchronisation(app: Application): Promise<SyncTask> {
  const queued = await api.post(`/v4/applications/${app.id}/synchronization-task`, {});
  await outboxDrained(t);
  const task = (
    await api.get(`/v4/applications/${app.id}/synchronization-task/${queued.json<{ taskId: string }>().taskId}`)
  ).json<SyncTask>();
  expect(task).toMatchObject({ status: 'failed', report: null });
  return task;
}
const storedTree = async (app: Application) => (await api.get(`/v4/applications/${app.id}/dom/tree`)).json<MenuNode[]>();
const grantsOf = async (roleId: string) => (await api.get(`/roles/${roleId}/resources`)).json<{ menuIds: string[] }>().menuIds;

describe('synchronising a MicroWeb application with the menu.json it serves', () => {
  it('adds, changes, moves and removes nodes, drops a removed element’s grants, and a repeated run changes nothing', async () => {
    published = null;
    const menu = JSON.parse(await readFile(MENU_FILE, 'utf8')) as { menu: PublishedPage[] };
    const app = await registerApplication(api, { type: 'MicroWeb', appUrl: `${origin}/micro-demo/micro-demo.js` });

    const first = await synchronise(app);
    expect(first.source).toBe('appUrl');
    expect(first.report?.counts).toEqual({ added: 9, changed: 0, moved: 0, removed: 0 });
    expect(shapeOfStored(await storedTree(app))).toEqual(shapeOfPublished(menu.menu));
    expect((await synchronise(app)).report?.counts).toEqual({ added: 0, changed: 0, moved: 0, removed: 0 });

    // A role holds the element that goes away and the page that moves.
    const role = await makeRole(t, { resources: [`${app.instant}:admin:approve`, `${app.instant}:admin:audit`] });
    const [approve, audit] = await grantsOf(role.id).then((ids) => ids);
    expect([approve, audit].every(Boolean)).toBe(true);

    const admin = menu.menu.find((page) => page.name === 'admin');
    const auditPage = admin?.children?.find((page) => page.name === 'audit');
    if (!admin || !auditPage) throw new Error('menu.json lost its admin pages');
    const changed = {
      menu: menu.menu.map((page) => {
        if (page.name === 'home') return { ...page, title: { 'en-US': 'Dashboard' } };
        if (page.name === 'profile') return { ...page, children: [auditPage] };
        if (page.name !== 'admin') return page;
        return { ...page, children: page.children?.filter((child) => child.name !== 'audit'), elements: [] };
      }),
    };
    published = JSON.stringify(changed);
    const second = await synchronise(app);
    expect(second.report?.removed).toEqual([{ resource: `${app.instant}:admin:approve`, type: 'element' }]);
    expect(second.report?.moved).toEqual([{ from: `${app.instant}:admin:audit`, to: `${app.instant}:profile:audit` }]);
    expect(second.report?.changed).toContainEqual({ resource: `${app.instant}:home`, fields: ['title'] });
    expect(second.report?.counts).toMatchObject({ added: 0, moved: 1, removed: 1 });
    expect(shapeOfStored(await storedTree(app))).toEqual(shapeOfPublished(changed.menu));
    // The removed element's grant went with it; the moved page kept its id and so its grant.
    expect(await grantsOf(role.id)).toEqual([audit]);

    const third = await synchronise(app);
    expect(third.report).toEqual({
      counts: { added: 0, changed: 0, moved: 0, removed: 0 },
      added: [],
      changed: [],
      moved: [],
      removed: [],
    });
    expect(shapeOfStored(await storedTree(app))).toEqual(shapeOfPublished(changed.menu));
  });

  it('takes the tree from the body, and fails the task (writing nothing) when the menu.json cannot be had', async () => {
    const app = await registerApplication(api, { type: 'MicroWeb', appUrl: `${origin}/nowhere/entry.js` });
    const fromBody = await synchronise(app, {
      menu: [{ name: 'one', title: 'One', elements: [{ name: 'go', title: 'Go', api: ['GET:/x'] }] }],
    });
    expect(fromBody).toMatchObject({ source: 'body', report: { counts: { added: 2 } } });
    const failed = await failedSynchronisation(app);
    expect(failed.error).toContain('404');
    expect((await storedTree(app)).map((node) => node.name)).toEqual(['one']);
  });

  it('stops reading a menu.json larger than 1 MiB and fails the task, writing nothing', async () => {
    const app = await registerApplication(api, { type: 'MicroWeb', appUrl: `${origin}/endless/entry.js` });
    const failed = await failedSynchronisation(app);
    expect(failed.error).toContain('larger than 1048576 bytes');
    expect(await storedTree(app)).toEqual([]);
    // The reader let go after about a megabyte (socket buffers aside), not at the end of the answer.
    expect(endlessSent).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a malformed tree in the body with a 400 naming the field, queueing nothing', async () => {
    const app = await registerApplication(api, { type: 'MicroWeb', appUrl: `${origin}/micro-demo/micro-demo.js` });
    const bad = await api.post(`/v4/applications/${app.id}/synchronization-task`, {
      menu: [{ name: 'a', title: 'A', children: [{ name: 'b:c', title: 'B' }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', details: { field: 'menu/0/children/0/name' } });
    const twice = await api.post(`/v4/applications/${app.id}/synchronization-task`, {
      menu: [
        { name: 'a', title: 'A' },
        { name: 'a', title: 'A2' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.field).toBe('menu[1].name');
    expect(await storedTree(app)).toEqual([]);
  });
});
