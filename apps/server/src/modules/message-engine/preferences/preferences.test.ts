import type { Preferences } from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawRows } from '../../../platform/db/client.ts';
import { apiAs, auditOf, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { MESSAGE_ENGINE } from '../../../../test/factories/messages.ts';
import { mutedUserIds } from './muted.ts';

const { t, api } = useModuleApp(MESSAGE_ENGINE);

async function classification(code: string, sort = 0): Promise<string> {
  return (await api.post('/v1/classifications', { code, name: `Name of ${code}`, sort })).json<{ id: string }>().id;
}

async function member() {
  const user = await makeUser(t);
  return { ...user, api: apiAs(t, await tokenOf(t, user), MESSAGE_ENGINE) };
}

const mutedOf = (preferences: Preferences) =>
  Object.fromEntries(preferences.filter((p) => p.code.startsWith('pref.')).map((p) => [p.code, p.muted]));

describe('message preferences', () => {
  it("reads and sets only the caller's own muted pairs; another user's stay as they were", async () => {
    const orders = await classification('pref.orders', 1);
    const security = await classification('pref.security', 2);
    const [ann, bob] = [await member(), await member()];
    expect(mutedOf((await ann.api.get('/v1/preferences')).json())).toEqual({
      'pref.orders': { email: false, sms: false },
      'pref.security': { email: false, sms: false },
    });
    await bob.api.put('/v1/preferences', { muted: [{ classificationId: security, channelType: 'email' }] });

    const set = await ann.api.put('/v1/preferences', {
      muted: [
        { classificationId: orders, channelType: 'email' },
        { classificationId: orders, channelType: 'sms' },
        { classificationId: orders, channelType: 'sms' },
        { classificationId: security, channelType: 'sms' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const expected = { 'pref.orders': { email: true, sms: true }, 'pref.security': { email: false, sms: true } };
    expect(mutedOf(set.json())).toEqual(expected);
    expect(mutedOf((await ann.api.get('/v1/preferences')).json())).toEqual(expected);
    expect(mutedOf((await bob.api.get('/v1/preferences')).json())).toEqual({
      'pref.orders': { email: false, sms: false },
      'pref.security': { email: true, sms: false },
    });
    const [audit] = await auditOf(t, 'message-preferences.update', ann.id);
    expect(audit?.after).toHaveLength(3);

    // Replacing, not adding: an empty list unmutes everything.
    await ann.api.put('/v1/preferences', { muted: [{ classificationId: security, channelType: 'email' }] });
    expect(mutedOf((await ann.api.get('/v1/preferences')).json())).toEqual({
      'pref.orders': { email: false, sms: false },
      'pref.security': { email: true, sms: false },
    });
    await ann.api.put('/v1/preferences', { muted: [] });
    expect(mutedOf((await ann.api.get('/v1/preferences')).json())['pref.security']).toEqual({ email: false, sms: false });
    expect(mutedOf((await bob.api.get('/v1/preferences')).json())['pref.security']).toEqual({ email: true, sms: false });
  });

  it('refuses an unknown classification (400 naming it) and in-app, changing nothing', async () => {
    const alerts = await classification('pref.alerts');
    const carol = await member();
    await carol.api.put('/v1/preferences', { muted: [{ classificationId: alerts, channelType: 'sms' }] });
    const ghost = randomUUID();
    const unknown = await carol.api.put('/v1/preferences', {
      muted: [
        { classificationId: alerts, channelType: 'email' },
        { classificationId: ghost, channelType: 'email' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ details: { field: 'body.muted', classificationIds: [ghost] } });
    expect(unknown.json().message).toContain(ghost);
    const inApp = await carol.api.put('/v1/preferences', { muted: [{ classificationId: alerts, channelType: 'inApp' }] });
    expect(inApp.statusCode).toBe(400);
    expect((await carol.api.put('/v1/preferences', { muted: [{ classificationId: 'x', channelType: 'sms' }] })).statusCode).toBe(400);
    expect(mutedOf((await carol.api.get('/v1/preferences')).json())['pref.alerts']).toEqual({ email: false, sms: true });
  });

  it('needs a signed-in caller, and drops the mutes of a deleted classification', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${MESSAGE_ENGINE}/v1/preferences` });
    expect(anonymous.statusCode).toBe(401);
    const gone = await classification('pref.gone');
    const dave = await member();
    await dave.api.put('/v1/preferences', { muted: [{ classificationId: gone, channelType: 'email' }] });
    await api.delete(`/v1/classifications/${gone}`);
    expect((await dave.api.get('/v1/preferences')).json().some((p: { classificationId: string }) => p.classificationId === gone)).toBe(
      false,
    );
  });
});

describe('mutedUserIds', () => {
  it('selects the users among a set who muted a classification on a channel type', async () => {
    const news = await classification('pref.news');
    const other = await classification('pref.other');
    const [erin, frank, gina] = [await member(), await member(), await member()];
    await erin.api.put('/v1/preferences', { muted: [{ classificationId: news, channelType: 'email' }] });
    await frank.api.put('/v1/preferences', {
      muted: [
        { classificationId: news, channelType: 'sms' },
        { classificationId: other, channelType: 'email' },
      ],
    });
    const everyone = sql.join(
      [erin.id, frank.id, gina.id].map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const receiving = async (classificationId: string | null, channelType: 'email' | 'sms') => {
      const rows = await rawRows<{ id: string }>(
        t.database.db,
        sql`select id from unnest(array[${everyone}]) as candidates(id) where id not in (${mutedUserIds(classificationId, channelType)})`,
      );
      return rows.map((row) => row.id).sort();
    };
    expect(await receiving(news, 'email')).toEqual([frank.id, gina.id].sort());
    expect(await receiving(news, 'sms')).toEqual([erin.id, gina.id].sort());
    expect(await receiving(other, 'email')).toEqual([erin.id, gina.id].sort());
    expect(await receiving(null, 'email')).toEqual([erin.id, frank.id, gina.id].sort());
    // Used as a SQL value too: a classification id taken from the message row.
    const viaSql = await rawRows<{ user_id: string }>(t.database.db, mutedUserIds(sql`${news}::uuid`, 'sms'));
    expect(viaSql.map((row) => row.user_id)).toEqual([frank.id]);
  });
});
