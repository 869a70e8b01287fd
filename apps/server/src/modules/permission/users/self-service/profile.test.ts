import { IMAGE_MAX_BYTES } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../../test/factories/suite.ts';
import { PNG_DATA_URL, signedInUser } from '../../../../../test/factories/account.ts';
import { auditOf, makeOrg, permissionApi as api, userRow } from '../../../../../test/factories/identity.ts';
import { users } from '../../tables.ts';
import { asSystem } from '../../../../platform/db/actor.ts';

const { t } = appPerFile();

const getSelf = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: api('/users/self'), headers });
const putSelf = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: api('/users/self'), headers, payload: payload as object });
const sign = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: api('/users/sign'), headers, payload: payload as object });

const JPEG_DATA_URL = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64')}`;
/** A data: URL whose decoded size is `bytes`, starting with the PNG signature. */
const pngOfSize = (bytes: number) => {
  const body = Buffer.alloc(bytes, 0x41);
  Buffer.from(PNG_DATA_URL.split(',')[1]!, 'base64').copy(body);
  return `data:image/png;base64,${body.toString('base64')}`;
};

describe('GET and PUT /users/self', () => {
  it('shows the caller’s own account with its organisation', async () => {
    const user = await signedInUser(t, { email: 'self@example.test' });
    const org = await makeOrg(t);
    await asSystem(t.database.db, (db) => db.update(users).set({ orgId: org.id }).where(eq(users.id, user.id)));
    const response = await getSelf(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      username: user.username,
      email: 'self@example.test',
      phone: null,
      orgId: org.id,
      orgName: org.name,
      signature: null,
      passwordExpired: false,
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
  });

  it('updates name, avatar and description and records the change without the image bytes', async () => {
    const user = await signedInUser(t);
    const response = await putSelf(user.headers, { name: '  Ada Lovelace ', avatar: PNG_DATA_URL, description: 'Analyst' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ada Lovelace', avatar: PNG_DATA_URL, description: 'Analyst' });
    expect((await getSelf(user.headers)).json().avatar).toBe(PNG_DATA_URL);
    const [entry] = await auditOf(t, 'users.self.update', user.id);
    expect(entry).toMatchObject({ actorId: user.id, after: { name: 'Ada Lovelace', avatar: 'image/png image, 70 bytes' } });

    const https = await putSelf(user.headers, { name: 'Ada', avatar: 'https://cdn.example.test/ada.png' });
    expect(https.json()).toMatchObject({ avatar: 'https://cdn.example.test/ada.png', description: 'Analyst' });
    const cleared = await putSelf(user.headers, { name: 'Ada', avatar: null, description: null });
    expect(cleared.json()).toMatchObject({ avatar: null, description: null });
  });

  it('refuses email or phone, bad avatars and bad names, changing nothing', async () => {
    const user = await signedInUser(t, { email: 'kept@example.test' });
    const before = await userRow(t, user.id);
    const cases: [unknown, string][] = [
      [{ name: 'X', email: 'sneaky@example.test' }, 'email'],
      [{ name: 'X', phone: '+44 7700 900123' }, 'phone'],
      [{ name: '   ' }, 'name'],
      [{}, 'name'],
      [{ name: 'X', avatar: 'http://insecure.example.test/a.png' }, 'avatar'],
      [{ name: 'X', avatar: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'avatar'],
      [{ name: 'X', avatar: 'javascript:alert(1)' }, 'avatar'],
      [{ name: 'X', avatar: pngOfSize(IMAGE_MAX_BYTES + 3000) }, 'avatar'],
      [{ name: 'X', avatar: `data:image/png;base64,${JPEG_DATA_URL.split(',')[1]}` }, 'avatar'],
      [{ name: 'X', description: 'd'.repeat(501) }, 'description'],
    ];
    for (const [payload, field] of cases) {
      const response = await putSelf(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json()), JSON.stringify(payload).slice(0, 80)).toContain(field);
    }
    const after = await userRow(t, user.id);
    expect(after).toEqual(before);
    expect(await auditOf(t, 'users.self.update', user.id)).toEqual([]);
  });

  it('lists no third-party bindings yet', async () => {
    const user = await signedInUser(t);
    const response = await t.app.inject({ method: 'GET', url: api('/users/self/third'), headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('POST /users/sign', () => {
  it('stores the handwritten signature and shows it on the account', async () => {
    const user = await signedInUser(t);
    const response = await sign(user.headers, { signature: PNG_DATA_URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await getSelf(user.headers)).json().signature).toBe(PNG_DATA_URL);
    const [entry] = await auditOf(t, 'users.signature.update', user.id);
    expect(entry).toMatchObject({ actorId: user.id, before: { signature: null }, after: { signature: 'image/png image, 70 bytes' } });
    // Up to the limit is fine.
    expect((await sign(user.headers, { signature: pngOfSize(IMAGE_MAX_BYTES) })).statusCode).toBe(200);
  });

  it('refuses anything but a PNG of at most 200 KB, keeping the previous signature', async () => {
    const user = await signedInUser(t);
    await sign(user.headers, { signature: PNG_DATA_URL });
    const cases = [
      {},
      { signature: JPEG_DATA_URL },
      { signature: `data:image/png;base64,${JPEG_DATA_URL.split(',')[1]}` },
      { signature: 'data:image/png;base64,not base64!' },
      { signature: pngOfSize(IMAGE_MAX_BYTES + 3000) },
      { signature: 'https://example.test/sig.png' },
    ];
    for (const payload of cases) {
      const response = await sign(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect((await userRow(t, user.id)).signature).toBe(PNG_DATA_URL);
    expect(await auditOf(t, 'users.signature.update', user.id)).toHaveLength(1);
  });
});
