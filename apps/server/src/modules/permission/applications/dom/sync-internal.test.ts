import type { Application, MenuNode, SyncTask } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDrained } from '../../../../../test/app.ts';
import { startCountingPeer, type CountingPeer } from '../../../../../test/counting-peer.ts';
import { registerApplication, userHolding } from '../../../../../test/factories/applications.ts';
import { useAdminApp } from '../../../../../test/factories/identity.ts';
import { freePort } from '../../../../../test/free-port.ts';

/**
 * Finding 3 of issue 28, menu.json's part: synchronising an application made the server fetch its
 * menu.json from wherever its appUrl pointed, loopback and the metadata address included. Here
 * OUTBOUND_ALLOW names one internal host, 127.0.0.2; 127.0.0.1 stands for the rest of the inside.
 */
const { t } = useAdminApp({ env: { OUTBOUND_ALLOW: '127.0.0.2' } });
const MENU = JSON.stringify({ menu: [{ name: 'home', title: 'Home', elements: [{ name: 'go', title: 'Go' }] }] });

/** A server on a loopback address answering menu.json (or, with `redirectTo`, sending the reader on). */
const menuServer = (host: string, redirectTo?: () => string) =>
  startCountingPeer(host, (_request, response) => {
    if (redirectTo) return void response.writeHead(302, { location: redirectTo() }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(MENU);
  });
let inside: CountingPeer;
let allowed: CountingPeer;
let redirecting: CountingPeer;
beforeAll(async () => {
  inside = await menuServer('127.0.0.1');
  allowed = await menuServer('127.0.0.2');
  redirecting = await menuServer('127.0.0.2', () => `${inside.origin}/app/menu.json`);
});
afterAll(() => Promise.all([inside.close(), allowed.close(), redirecting.close()]));

/** An account holding only what synchronising its own application takes: create it, edit and view its resources. */
let narrow: Awaited<ReturnType<typeof userHolding>>['api'];
beforeAll(async () => {
  narrow = (
    await userHolding(t, [
      'applicationManage:application:create',
      'applicationManage:application:domEdit',
      'applicationManage:application:domQuery',
    ])
  ).api;
});

async function synchronised(appUrl: string): Promise<{ task: SyncTask; tree: MenuNode[] }> {
  const app: Application = await registerApplication(narrow, { type: 'MicroWeb', appUrl });
  const queued = await narrow.post(`/v4/applications/${app.id}/synchronization-task`, {});
  expect(queued.statusCode, queued.body).toBe(200);
  await outboxDrained(t);
  const taskId = queued.json<{ taskId: string }>().taskId;
  const task = (await narrow.get(`/v4/applications/${app.id}/synchronization-task/${taskId}`)).json<SyncTask>();
  const tree = (await narrow.get(`/v4/applications/${app.id}/dom/tree`)).json<MenuNode[]>();
  return { task, tree };
}

describe("an application's menu.json at an internal address", () => {
  it('is not fetched: loopback, a closed port and the metadata address fail the task alike, writing nothing', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    for (const origin of [inside.origin, closed, 'http://169.254.169.254']) {
      const { task, tree } = await synchronised(`${origin}/app/entry.js`);
      expect(task).toMatchObject({ status: 'failed', report: null });
      expect(task.error).toBe(
        `The application's menu.json (${origin}/app/menu.json) could not be reached (the server's log has the reason)`,
      );
      expect(tree).toEqual([]);
    }
    expect(inside.hits()).toBe(0);
  });

  it('follows no redirect from an allowed host to an internal one', async () => {
    const { task, tree } = await synchronised(`${redirecting.origin}/app/entry.js`);
    expect(task).toMatchObject({ status: 'failed', report: null });
    expect(task.error).toBe(
      `The application's menu.json (${redirecting.origin}/app/menu.json) answered 302, a redirect, which is not followed`,
    );
    expect(tree).toEqual([]);
    expect(redirecting.hits()).toBe(1);
    expect(inside.hits()).toBe(0);
  });

  it('is fetched from a host OUTBOUND_ALLOW names', async () => {
    const { task, tree } = await synchronised(`${allowed.origin}/app/entry.js`);
    expect(task, task.error ?? '').toMatchObject({ status: 'done', source: 'appUrl', report: { counts: { added: 2 } } });
    expect(tree.map((node) => node.name)).toEqual(['home']);
  });
});
