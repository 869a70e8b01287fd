import { ACCESS_KEYS_PER_OWNER, type AccessKeyPolicy } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { adminId, adminToken, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { ossCaller, ossUser, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { createKeyDirectory } from './directory.ts';
import { issueAccessKey } from './issue.ts';

const { t } = appPerFile();
const policy: AccessKeyPolicy = { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] };

/** A user holding these catalogue points (and what is under them), with a caller. */
async function holder(...resources: string[]) {
  const role = await makeRole(t, { resources });
  const user = await makeUser(t, { roleIds: [role.id] });
  return { id: user.id, as: ossCaller(t, await tokenOf(t, user)) };
}
const KEY_ADMIN = 'OSS:authorizationPolicy';
/** The secret the S3 side would check the key's signatures with (read afresh, no cache). */
const secretOf = async (accessKeyId: string) =>
  (await createKeyDirectory(t.database.db, t.app.modules.receptionCenter.secretBox).find(accessKeyId))?.secret;

const create = (as: OssCaller, payload: Record<string, unknown>, version = 'v1') =>
  as({ method: 'POST', url: `/${version}/authorizations`, payload: { policy, ...payload } });
async function created(as: OssCaller, payload: Record<string, unknown> = {}, version = 'v1') {
  const response = await create(as, payload, version);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { accessKeyId: string; secretAccessKey: string; ownerId: string };
}

describe('own access keys (v1)', () => {
  it('answers the secret on creation and rotation only, and the directory opens the current one', async () => {
    const owner = await ossUser(t);
    const key = await created(owner.as, { name: 'backup' });
    expect(key).toMatchObject({ name: 'backup', ownerId: owner.id, enabled: true, policy });
    expect(key.secretAccessKey).toHaveLength(40);
    const url = `/v1/authorizations/${key.accessKeyId}`;
    const answers = [
      await owner.as({ method: 'GET', url: '/v1/authorizations' }),
      await owner.as({ method: 'GET', url }),
      await owner.as({ method: 'PATCH', url, payload: { name: 'renamed', enabled: false } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(key.secretAccessKey);
      expect(answer.body).not.toContain('secret');
    }
    expect(answers[0]!.json()).toEqual([expect.objectContaining({ accessKeyId: key.accessKeyId })]);
    expect(answers[2]!.json()).toMatchObject({ name: 'renamed', enabled: false });

    const rotated = await owner.as({ method: 'POST', url: `${url}/secret` });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().secretAccessKey as string;
    expect(secret).toHaveLength(40);
    expect(secret).not.toBe(key.secretAccessKey);
    expect((await owner.as({ method: 'GET', url })).body).not.toContain(secret);
    expect(await secretOf(key.accessKeyId)).toBe(secret);

    expect((await owner.as({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await owner.as({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("answers 404 for someone else's key, whatever the call, and changes nothing", async () => {
    const owner = await ossUser(t);
    const stranger = await ossUser(t);
    const key = await created(owner.as);
    const url = `/v1/authorizations/${key.accessKeyId}`;
    for (const call of [
      { method: 'GET', url },
      { method: 'PATCH', url, payload: { enabled: false } },
      { method: 'POST', url: `${url}/secret` },
      { method: 'DELETE', url },
    ] as const) {
      expect((await stranger.as(call)).statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await stranger.as({ method: 'GET', url: '/v1/authorizations' })).json()).toEqual([]);
    expect((await owner.as({ method: 'GET', url })).json()).toMatchObject({ enabled: true });
  });

  it('refuses a bad policy with a 400 naming the field, and stores nothing', async () => {
    const owner = await ossUser(t);
    const bucket = await holder('OSS:spaceList:create');
    expect((await bucket.as({ method: 'POST', url: '/v1/buckets', payload: { name: 'keys-existing' } })).statusCode).toBe(200);
    const refusals: [Partial<AccessKeyPolicy> | Record<string, unknown>, string][] = [
      [{ sourceCidrs: ['10.0.0.0/33'] }, 'policy.sourceCidrs'],
      [{ expiresAt: '2020-01-01T00:00:00Z' }, 'policy.expiresAt'],
      [{ actions: ['s3:GetEverything'] }, 'actions'],
      [{ buckets: Array.from({ length: 101 }, (_, i) => `bucket-${i}`) }, 'buckets'],
      [{ buckets: ['keys-existing', 'keys-missing'] }, 'policy.buckets'],
      [{ sourceCidrs: ['example.com'] }, 'policy.sourceCidrs'],
    ];
    for (const [change, field] of refusals) {
      const response = await create(owner.as, { policy: { ...policy, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.body).toContain(field.split('.').pop());
    }
    const missing = await create(owner.as, { policy: { ...policy, buckets: ['keys-existing', 'keys-missing'] } });
    expect(missing.json().details).toMatchObject({ missing: ['keys-missing'] });
    expect((await owner.as({ method: 'GET', url: '/v1/authorizations' })).json()).toEqual([]);
    // A bucket the owner cannot reach is accepted: the key acts as its owner and reaches nothing there.
    await created(owner.as, { policy: { ...policy, buckets: ['keys-existing'] } });
    const first = await created(owner.as);
    const badUpdate = await owner.as({
      method: 'PATCH',
      url: `/v1/authorizations/${first.accessKeyId}`,
      payload: { policy: { ...policy, expiresAt: '2000-01-01T00:00:00Z' } },
    });
    expect(badUpdate.statusCode).toBe(400);
    expect((await owner.as({ method: 'PATCH', url: `/v1/authorizations/${first.accessKeyId}`, payload: {} })).statusCode).toBe(400);
  });

  it(`refuses a key beyond the ${ACCESS_KEYS_PER_OWNER} a user may hold with a 409`, async () => {
    const owner = await ossUser(t);
    const directory = createKeyDirectory(t.database.db, t.app.modules.receptionCenter.secretBox);
    for (let n = 0; n < ACCESS_KEYS_PER_OWNER; n++) await issueAccessKey(t.database.db, directory, { ownerId: owner.id, policy });
    const refused = await create(owner.as, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual({ limit: ACCESS_KEYS_PER_OWNER });
    expect((await owner.as({ method: 'GET', url: '/v1/authorizations' })).json()).toHaveLength(ACCESS_KEYS_PER_OWNER);
  });
});

describe("every user's access keys (v2)", () => {
  it('lists by page and owner, and creates a key for a user the administrator may administer', async () => {
    // A key for every bucket, handed to someone else: its maker holds every bucket (entrust.test.ts).
    const keyAdmin = await holder(KEY_ADMIN, 'OSS:spaceList');
    const owner = await ossUser(t);
    const forOwner = await created(keyAdmin.as, { ownerId: owner.id, name: 'made for you' }, 'v2');
    expect(forOwner.ownerId).toBe(owner.id);
    await created(owner.as, { name: 'own' });
    const page = await keyAdmin.as({ method: 'GET', url: `/v2/authorizations?ownerId=${owner.id}&size=1&page=2` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 2, size: 1, list: [{ accessKeyId: forOwner.accessKeyId }] });
    expect(page.body).not.toContain(forOwner.secretAccessKey);
    const searched = await keyAdmin.as({ method: 'GET', url: `/v2/authorizations?keyword=${encodeURIComponent('made for')}` });
    expect(searched.json().list.map((key: { accessKeyId: string }) => key.accessKeyId)).toEqual([forOwner.accessKeyId]);
    const got = await keyAdmin.as({ method: 'GET', url: `/v2/authorizations/${forOwner.accessKeyId}` });
    expect(got.json()).toMatchObject({ ownerId: owner.id, ownerName: expect.any(String) });
    expect(got.body).not.toContain(forOwner.secretAccessKey);
    // The owner sees the key among their own.
    const own = (await owner.as({ method: 'GET', url: '/v1/authorizations' })).json() as { accessKeyId: string }[];
    expect(own.map((key) => key.accessKeyId)).toContain(forOwner.accessKeyId);
  });

  it('answers 404 for an unknown owner or key, 400 for a bad owner id', async () => {
    const keyAdmin = await holder(KEY_ADMIN);
    expect((await create(keyAdmin.as, { ownerId: '00000000-0000-4000-8000-000000000000' }, 'v2')).statusCode).toBe(404);
    expect((await create(keyAdmin.as, { ownerId: 'not-a-uuid' }, 'v2')).statusCode).toBe(400);
    expect((await keyAdmin.as({ method: 'GET', url: '/v2/authorizations/PKAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await keyAdmin.as({ method: 'GET', url: '/v2/authorizations/not-a-key' })).statusCode).toBe(400);
  });

  it('refuses v2 to users without the point', async () => {
    const stranger = await ossUser(t);
    const owner = await ossUser(t);
    const key = await created(owner.as);
    expect((await stranger.as({ method: 'GET', url: '/v2/authorizations' })).statusCode).toBe(403);
    expect((await stranger.as({ method: 'GET', url: `/v2/authorizations/${key.accessKeyId}` })).statusCode).toBe(403);
    expect((await create(stranger.as, { ownerId: owner.id }, 'v2')).statusCode).toBe(403);
    expect((await stranger.as({ method: 'DELETE', url: `/v2/authorizations/${key.accessKeyId}` })).statusCode).toBe(403);
  });

  it('keeps a key administrator off the keys of anyone holding more: the super-administrator or another role', async () => {
    const keyAdmin = await holder(KEY_ADMIN);
    const admin = ossCaller(t, await adminToken(t));
    const superKey = await created(admin);
    const spaceHolder = await holder('OSS:spaceList');
    const spaceKey = await created(spaceHolder.as);
    for (const [ownerId, key] of [
      [await adminId(t), superKey],
      [spaceHolder.id, spaceKey],
    ] as const) {
      const url = `/v2/authorizations/${key.accessKeyId}`;
      const refused = await create(keyAdmin.as, { ownerId }, 'v2');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/beyond what you hold/);
      const rotated = await keyAdmin.as({ method: 'POST', url: `${url}/secret` });
      expect(rotated.statusCode).toBe(403);
      expect(rotated.body).not.toContain('secretAccessKey');
      expect(
        (await keyAdmin.as({ method: 'PATCH', url, payload: { policy: { ...policy, sourceCidrs: ['192.0.2.0/24'] } } })).statusCode,
      ).toBe(403);
      expect((await keyAdmin.as({ method: 'DELETE', url })).statusCode).toBe(403);
    }
    // Nothing changed: the keys are there, unchanged, and still open with their first secrets.
    expect(await secretOf(superKey.accessKeyId)).toBe(superKey.secretAccessKey);
    expect(await secretOf(spaceKey.accessKeyId)).toBe(spaceKey.secretAccessKey);
    const stillSuper = await admin({ method: 'GET', url: `/v1/authorizations/${superKey.accessKeyId}` });
    expect(stillSuper.json()).toMatchObject({ policy, enabled: true });
    const stillSpace = await spaceHolder.as({ method: 'GET', url: `/v1/authorizations/${spaceKey.accessKeyId}` });
    expect(stillSpace.json()).toMatchObject({ policy });
    expect((await admin({ method: 'GET', url: '/v1/authorizations' })).json()).toHaveLength(1);
  });

  it('lets the super-administrator change and delete any key', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const owner = await holder('OSS:spaceList');
    const key = await created(owner.as);
    const url = `/v2/authorizations/${key.accessKeyId}`;
    expect((await admin({ method: 'PATCH', url, payload: { enabled: false } })).json()).toMatchObject({ enabled: false });
    const rotated = await admin({ method: 'POST', url: `${url}/secret` });
    expect(rotated.json().secretAccessKey).toHaveLength(40);
    expect((await admin({ method: 'DELETE', url })).statusCode).toBe(200);
    expect((await owner.as({ method: 'GET', url: `/v1/authorizations/${key.accessKeyId}` })).statusCode).toBe(404);
  });
});
