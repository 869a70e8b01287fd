import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userConfigs } from '../tables.ts';
import { users } from '../../../../test/tables.ts';
import { bearer, createUser, tokensFor, type TestApp } from '../../../../test/app.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { asSystem } from '../../../platform/db/actor.ts';

const { t } = appPerFile(async () => undefined);

interface Caller {
  id: string;
  headers: Record<string, string>;
}

async function signedInUser(app: TestApp): Promise<Caller> {
  const user = await createUser(app);
  return { id: user.id, headers: bearer((await tokensFor(app, user.username, user.password)).access_token) };
}

const url = (userId: string, name: string) => `/api/system-config/user/${userId}/config?name=${name}`;
const get = (caller: Caller, name: string, userId = caller.id) =>
  t.app.inject({ method: 'GET', url: url(userId, name), headers: caller.headers });
const put = (caller: Caller, name: string, payload: unknown, userId = caller.id) =>
  t.app.inject({ method: 'PUT', url: url(userId, name), headers: caller.headers, payload: payload as object });

const navmenu = {
  name: 'Navmenu',
  config: {
    menu: [
      { id: 'app-b', selected: true },
      { id: 'app-a', selected: false },
    ],
  },
};
const preferences = { name: 'Preferences', config: { navStyle: 'TOP', mode: 'dark', brandColor: '#13c2c2', language: 'zh-CN' } };

let alice: Caller;
let bob: Caller;
beforeAll(async () => {
  alice = await signedInUser(t);
  bob = await signedInUser(t);
});

describe('per-user configuration', () => {
  it('answers config null for a name never saved', async () => {
    const response = await get(alice, 'Navmenu');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Navmenu', config: null, updatedAt: null });
  });

  it('saves and reads back each name separately, in the given order', async () => {
    const saved = await put(alice, 'Navmenu', navmenu);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(navmenu);
    expect(Date.parse(saved.json().updatedAt)).not.toBeNaN();
    expect((await put(alice, 'Preferences', preferences)).statusCode).toBe(200);
    expect((await get(alice, 'Navmenu')).json()).toMatchObject(navmenu);
    expect((await get(alice, 'Preferences')).json()).toMatchObject(preferences);
  });

  it('replaces the whole config on the next save and moves updatedAt on', async () => {
    const before = (await get(alice, 'Preferences')).json().updatedAt;
    const next = { name: 'Preferences', config: { mode: 'light' } };
    const saved = await put(alice, 'Preferences', next);
    expect(saved.json().config).toEqual({ mode: 'light' });
    expect(Date.parse(saved.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(before));
    expect((await get(alice, 'Preferences')).json().config).toEqual({ mode: 'light' });
  });

  it('keeps users apart: another user sees only their own, and may not read or write someone else’s', async () => {
    expect((await get(bob, 'Navmenu')).json().config).toBeNull();
    const read = await get(bob, 'Navmenu', alice.id);
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('FORBIDDEN');
    const write = await put(bob, 'Navmenu', { name: 'Navmenu', config: { menu: [] } }, alice.id);
    expect(write.statusCode).toBe(403);
    expect((await get(alice, 'Navmenu')).json()).toMatchObject(navmenu);
    expect((await get(bob, 'Navmenu', randomUUID())).statusCode).toBe(403);
  });

  it('requires a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: url(alice.id, 'Navmenu') });
    expect(response.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const cases: [string, unknown, string?][] = [
      ['Navmenu', preferences],
      ['Preferences', navmenu],
      ['Navmenu', { name: 'Navmenu', config: { menu: [{ id: 'x' }] } }],
      [
        'Navmenu',
        {
          name: 'Navmenu',
          config: {
            menu: [
              { id: 'x', selected: false },
              { id: 'x', selected: true },
            ],
          },
        },
      ],
      ['Navmenu', { name: 'Navmenu', config: { menu: Array.from({ length: 501 }, (_, i) => ({ id: `a${i}`, selected: false })) } }],
      ['Preferences', { name: 'Preferences', config: { brandColor: 'red' } }],
      ['Preferences', { name: 'Preferences', config: { navStyle: 'RIGHT' } }],
      ['Preferences', { name: 'Preferences', config: { language: 'fr-FR' } }],
      ['Preferences', { name: 'Preferences' }],
      ['Other', { name: 'Other', config: {} }],
    ];
    for (const [name, body] of cases) {
      const response = await put(alice, name, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await get(alice, 'Navmenu')).json()).toMatchObject(navmenu);
    expect((await get(alice, 'Preferences')).json().config).toEqual({ mode: 'light' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system-config/user/not-a-uuid/config?name=Navmenu', headers: alice.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/system-config/user/${alice.id}/config`, headers: alice.headers })).statusCode,
    ).toBe(400);
  });

  it('goes with the user when the user is deleted', async () => {
    const carol = await signedInUser(t);
    await put(carol, 'Navmenu', navmenu);
    await asSystem(t.database.db, (db) => db.delete(users).where(eq(users.id, carol.id)));
    expect(await t.database.db.select().from(userConfigs).where(eq(userConfigs.userId, carol.id))).toEqual([]);
  });
});
