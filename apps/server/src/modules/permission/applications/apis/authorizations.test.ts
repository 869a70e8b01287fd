import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerApplication, userHolding } from '../../../../../test/factories/applications.ts';
import { auditOf, useAdminApp } from '../../../../../test/factories/identity.ts';
import { callableApis } from './authorizations.ts';

const { t, api } = useAdminApp();

const MISSING = '00000000-0000-4000-8000-000000000000';
const grantsOf = (applicationId: string) => `/v4/applications/${applicationId}/apis-authorization`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** An application owned by a user without any point, with one external API. */
async function ownedWithApi(path = '/orders') {
  const owner = await userHolding(t, []);
  const app = await registerApplication(api);
  await api.patch(`/applications/${app.id}/owner`, { ownerId: owner.user.id });
  const exposed = (await api.post(`/v4/applications/${app.id}/external-apis`, { method: 'GET', path })).json();
  return { app, owner, exposed };
}

/** What the OAuth server's introspection will ask, straight from the module's function. */
const callable = (caller: string, owner: string) => callableApis(t.database.db, caller, owner);

describe('authorisations of other applications to call an API', () => {
  it('are granted by the owner, listed on both sides, answered by callableApis while in force, and revoked', async () => {
    const { app, owner, exposed } = await ownedWithApi();
    const caller = await registerApplication(api);
    const until = inAnHour();
    const granted = await owner.api.post(grantsOf(app.id), { apiId: exposed.id, callerApplicationId: caller.id, expiresAt: until });
    expect(granted.statusCode).toBe(200);
    const grant = granted.json();
    expect(grant).toMatchObject({
      apiId: exposed.id,
      method: 'GET',
      path: '/orders',
      applicationId: app.id,
      callerApplicationId: caller.id,
      callerApplicationName: caller.name,
      expiresAt: until,
      expired: false,
    });
    expect((await owner.api.get(grantsOf(app.id))).json()).toEqual([grant]);
    expect((await api.get(`/v4/applications/${caller.id}/authorized-apis`)).json()).toEqual([grant]);
    expect(await callable(caller.id, app.id)).toEqual([{ id: exposed.id, method: 'GET', path: '/orders', expiresAt: until }]);

    const forGood = await owner.api.put(`${grantsOf(app.id)}/${grant.id}`, { expiresAt: null });
    expect(forGood.json()).toMatchObject({ expiresAt: null, expired: false });
    expect(await callable(caller.id, app.id)).toEqual([{ id: exposed.id, method: 'GET', path: '/orders', expiresAt: null }]);

    expect((await owner.api.delete(`${grantsOf(app.id)}/${grant.id}`)).json()).toEqual({ ok: true });
    expect(await callable(caller.id, app.id)).toEqual([]);
    expect((await owner.api.get(grantsOf(app.id))).json()).toEqual([]);
    expect((await auditOf(t, 'applications.apis.authorization.delete', app.id))[0]?.before).toMatchObject({ id: grant.id });
  });

  it('stop counting the moment they expire, by the database clock, and show as expired', async () => {
    const { app, exposed } = await ownedWithApi();
    const caller = await registerApplication(api);
    const grant = (await api.post(grantsOf(app.id), { apiId: exposed.id, callerApplicationId: caller.id, expiresAt: inAnHour() })).json();
    expect(await callable(caller.id, app.id)).toHaveLength(1);
    // Time passes: the row's end moves a second into the past.
    await t.database.db.execute(
      sql`update application_api_authorizations set expires_at = now() - interval '1 second' where id = ${grant.id}`,
    );
    expect(await callable(caller.id, app.id)).toEqual([]);
    expect((await api.get(grantsOf(app.id))).json()[0]).toMatchObject({ id: grant.id, expired: true });
  });

  it("answer only the caller's authorisations for that owner's APIs", async () => {
    const first = await ownedWithApi('/first');
    const second = await ownedWithApi('/second');
    const caller = await registerApplication(api);
    const bystander = await registerApplication(api);
    await api.post(grantsOf(first.app.id), { apiId: first.exposed.id, callerApplicationId: caller.id });
    await api.post(grantsOf(second.app.id), { apiId: second.exposed.id, callerApplicationId: bystander.id });
    expect((await callable(caller.id, first.app.id)).map((row) => row.path)).toEqual(['/first']);
    expect(await callable(caller.id, second.app.id)).toEqual([]);
    expect(await callable(bystander.id, first.app.id)).toEqual([]);
    expect(await callable(MISSING, first.app.id)).toEqual([]);
    // Removing the API takes its authorisations with it.
    await api.delete(`/v4/applications/${first.app.id}/external-apis/${first.exposed.id}`);
    expect(await callable(caller.id, first.app.id)).toEqual([]);
  });

  it('refuse a past or unreadable expiry, foreign or missing ids, a self-authorisation and a duplicate, writing nothing', async () => {
    const { app, exposed } = await ownedWithApi();
    const other = await ownedWithApi();
    const caller = await registerApplication(api);
    const refusals: [unknown, string][] = [
      [{ apiId: exposed.id, callerApplicationId: caller.id, expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt'],
      [{ apiId: exposed.id, callerApplicationId: caller.id, expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ apiId: other.exposed.id, callerApplicationId: caller.id }, 'apiId'],
      [{ apiId: MISSING, callerApplicationId: caller.id }, 'apiId'],
      [{ apiId: exposed.id, callerApplicationId: MISSING }, 'callerApplicationId'],
      [{ apiId: exposed.id, callerApplicationId: app.id }, 'callerApplicationId'],
      [{ apiId: exposed.id }, 'callerApplicationId'],
    ];
    for (const [body, field] of refusals) {
      const answer = await api.post(grantsOf(app.id), body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await api.get(grantsOf(app.id))).json()).toEqual([]);
    const grant = (await api.post(grantsOf(app.id), { apiId: exposed.id, callerApplicationId: caller.id })).json();
    expect((await api.post(grantsOf(app.id), { apiId: exposed.id, callerApplicationId: caller.id })).statusCode).toBe(409);
    const past = await api.put(`${grantsOf(app.id)}/${grant.id}`, { expiresAt: '2000-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect((await api.get(grantsOf(app.id))).json()[0]).toMatchObject({ expiresAt: null });
    // Through another application, the authorisation is not found.
    expect((await api.put(`${grantsOf(other.app.id)}/${grant.id}`, { expiresAt: null })).statusCode).toBe(404);
    expect((await api.delete(`${grantsOf(other.app.id)}/${grant.id}`)).statusCode).toBe(404);
    expect((await api.delete(`${grantsOf(app.id)}/${MISSING}`)).statusCode).toBe(404);
    expect((await api.post(grantsOf(MISSING), { apiId: exposed.id, callerApplicationId: caller.id })).statusCode).toBe(404);
  });

  it('are closed to the owner of another application, and to a holder of the read point who grants', async () => {
    const mine = await ownedWithApi();
    const theirs = await ownedWithApi();
    const grant = (await api.post(grantsOf(theirs.app.id), { apiId: theirs.exposed.id, callerApplicationId: mine.app.id })).json();
    // The owner of X cannot authorise X (or anyone) on Y's APIs, nor change or revoke Y's authorisations.
    const attacker = mine.owner.api;
    expect((await attacker.post(grantsOf(theirs.app.id), { apiId: theirs.exposed.id, callerApplicationId: mine.app.id })).statusCode).toBe(
      403,
    );
    expect((await attacker.put(`${grantsOf(theirs.app.id)}/${grant.id}`, { expiresAt: null })).statusCode).toBe(403);
    expect((await attacker.delete(`${grantsOf(theirs.app.id)}/${grant.id}`)).statusCode).toBe(403);
    expect((await attacker.get(grantsOf(theirs.app.id))).statusCode).toBe(403);
    expect((await attacker.get(`/v4/applications/${theirs.app.id}/authorized-apis`)).statusCode).toBe(403);
    // Through their own application, Y's API is not theirs to grant.
    const smuggled = await attacker.post(grantsOf(mine.app.id), { apiId: theirs.exposed.id, callerApplicationId: theirs.app.id });
    expect(smuggled.statusCode).toBe(400);

    const reader = await userHolding(t, ['applicationManage:application:apisQuery']);
    expect((await reader.api.get(grantsOf(theirs.app.id))).json()).toEqual([grant]);
    expect(
      (await reader.api.post(grantsOf(theirs.app.id), { apiId: theirs.exposed.id, callerApplicationId: mine.app.id })).statusCode,
    ).toBe(403);
    expect((await reader.api.delete(`${grantsOf(theirs.app.id)}/${grant.id}`)).statusCode).toBe(403);
    const granter = await userHolding(t, ['applicationManage:application:apisAuthorize']);
    expect((await granter.api.delete(`${grantsOf(theirs.app.id)}/${grant.id}`)).json()).toEqual({ ok: true });
    expect(await callable(mine.app.id, theirs.app.id)).toEqual([]);
  });
});
