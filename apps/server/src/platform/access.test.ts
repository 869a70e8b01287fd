import { endpoint, PORTAL_CLIENT_ID } from '@portal/contracts';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { accessControl, type OwnerCheck, type Principal, type RegisteredRoute } from './access.ts';
import { registerRoutes, route } from './endpoints.ts';

/** A call on one thing that its owner may make too. */
const ownedThing = endpoint({
  method: 'GET',
  path: '/api/things/{thingId}',
  summary: 'One thing',
  access: 'gatedOrOwner',
  params: Type.Object({ thingId: Type.String() }),
  responses: { 200: Type.Object({ thingId: Type.String() }) },
});

/** Tokens are user ids here; `holder` holds an element listing the call; `owner` owns the thing `t1`. */
const principal = (userId: string): Principal => ({
  userId,
  sessionId: 's',
  familyId: 'f',
  clientId: PORTAL_CLIENT_ID,
  scope: 'openid',
  application: null,
});
const ownsThing: OwnerCheck = async (request, userId) => userId === 'owner' && (request.params as { thingId: string }).thingId === 't1';

async function appWith(options: { ownedBy?: OwnerCheck }) {
  const app = Fastify();
  const routes: RegisteredRoute[] = [];
  await app.register(accessControl, {
    routes,
    authenticate: async (token) => principal(token),
    isAllowed: async (userId, permission) => userId === 'holder' && permission === 'GET:/api/things/{thingId}',
  });
  registerRoutes(app, [route(ownedThing, (request) => ({ thingId: request.params.thingId }))], options);
  await app.ready();
  return app;
}

describe('a gatedOrOwner route', () => {
  it('lets the holder of a listing element through on every thing, the owner on their own, and no one else', async () => {
    const app = await appWith({ ownedBy: ownsThing });
    const status = async (token: string | null, thing: string) =>
      (await app.inject({ url: `/api/things/${thing}`, headers: token ? { authorization: `Bearer ${token}` } : {} })).statusCode;
    expect(await status('holder', 't1')).toBe(200);
    expect(await status('holder', 't2')).toBe(200);
    expect(await status('owner', 't1')).toBe(200);
    expect(await status('owner', 't2')).toBe(403);
    expect(await status('stranger', 't1')).toBe(403);
    expect(await status(null, 't1')).toBe(401);
    await app.close();
  });

  it('stops the server at start-up when it does not say how an owner is found', async () => {
    await expect(appWith({})).rejects.toThrow('lets owners through but does not say how an owner is found');
  });
});
