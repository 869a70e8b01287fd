/**
 * Finding 2 of issue 28, replayed: a key administrator (OSS:authorizationPolicy points, no level on
 * any bucket) made, re-keyed, widened or re-enabled the key of a user holding a read grant, got its
 * secret and read the bucket through S3. A secret now goes only to someone who holds what it opens.
 */
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AccessKeyPolicy } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { ossBucket, ossCaller, ossDataDir, ossUser, putBytes, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import type { OssService } from '../context.ts';
import { s3Client } from '../s3/listener.test-support.ts';
import { ossAccessKeys } from '../tables.ts';
import { keyCustody } from './custody.ts';
import { createKeyDirectory } from './directory.ts';
import { findKey } from './service.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });
const BUCKET = 'entrust-read';
const KEY_ADMIN = 'OSS:authorizationPolicy';
const READ: AccessKeyPolicy = { buckets: [BUCKET], prefixes: [], actions: ['s3:GetObject'], expiresAt: null, sourceCidrs: [] };
const OPEN: AccessKeyPolicy = { buckets: ['*'], prefixes: [], actions: ['s3:*'], expiresAt: null, sourceCidrs: [] };

interface Key {
  accessKeyId: string;
  secretAccessKey: string;
}

async function holder(...resources: string[]) {
  const role = await makeRole(t, { resources });
  const user = await makeUser(t, { roleIds: [role.id] });
  return { id: user.id, as: ossCaller(t, await tokenOf(t, user)) };
}

/** The key's row as the S3 side reads it: policy, state and the secret its signatures are checked with. */
async function stored(accessKeyId: string) {
  const [row] = await t.database.db.select().from(ossAccessKeys).where(eq(ossAccessKeys.accessKeyId, accessKeyId));
  const key = await createKeyDirectory(t.database.db, t.app.modules.receptionCenter.secretBox).find(accessKeyId);
  return row && { policy: row.policy, state: row.state, name: row.name, secret: key?.secret };
}
const keysOf = async (ownerId: string) =>
  (await t.database.db.select().from(ossAccessKeys).where(eq(ossAccessKeys.ownerId, ownerId))).map((row) => row.accessKeyId).sort();

const clients: S3Client[] = [];
afterAll(() => clients.forEach((client) => client.destroy()));
/** What an S3 GetObject of the bucket's object signed with these credentials answers: its body or the error's name. */
async function s3Read(credentials: Key): Promise<string> {
  const client = s3Client(t, credentials);
  clients.push(client);
  try {
    return await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'secret.txt' }))).Body!.transformToString();
  } catch (error) {
    return (error as Error).name;
  }
}

async function created(as: OssCaller, url: string, payload: Record<string, unknown>): Promise<Key> {
  const response = await as({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let bucketAdmin: { id: string; as: OssCaller };
let victim: { id: string; as: OssCaller };
let victimKey: Key;
let disabledKey: Key;

beforeAll(async () => {
  const bucket = await ossBucket(t, BUCKET);
  expect((await putBytes(bucket.owner, bucket.id, 'secret.txt', 'the contents')).statusCode).toBe(200);
  victim = await ossUser(t);
  // A holder of the key points who administers the bucket: the one entitled to issue keys for it.
  bucketAdmin = await holder(KEY_ADMIN);
  const grants = [
    { subjectId: victim.id, level: 'read' },
    { subjectId: bucketAdmin.id, level: 'admin' },
  ];
  const granted = await bucket.owner({ method: 'PUT', url: `/v1/buckets/${bucket.id}/permissions/users`, payload: { grants } });
  expect(granted.statusCode, granted.body).toBe(200);
  victimKey = await created(victim.as, '/v1/authorizations', { name: 'reads', policy: READ });
  disabledKey = await created(victim.as, '/v1/authorizations', { name: 'off', policy: READ });
  expect(
    (await victim.as({ method: 'PATCH', url: `/v1/authorizations/${disabledKey.accessKeyId}`, payload: { enabled: false } })).statusCode,
  ).toBe(200);
});

describe('a key administrator holding no level on the bucket', () => {
  it('cannot make a key for a user with a read grant: 403, no secret, no key', async () => {
    const attacker = await holder(KEY_ADMIN);
    const before = await keysOf(victim.id);
    for (const policy of [READ, OPEN, { ...READ, buckets: ['*'] }]) {
      const refused = await attacker.as({ method: 'POST', url: '/v2/authorizations', payload: { ownerId: victim.id, policy } });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.body).not.toContain('secretAccessKey');
      expect(refused.json().message).toMatch(/would open what you do not hold/);
    }
    expect(await keysOf(victim.id)).toEqual(before);
  });

  it("cannot give the user's key a new secret, a wider policy, or enable it again: 403, the key unchanged, S3 still refuses", async () => {
    const attacker = await holder(KEY_ADMIN);
    const [enabledBefore, disabledBefore] = [await stored(victimKey.accessKeyId), await stored(disabledKey.accessKeyId)];
    const url = (key: Key) => `/v2/authorizations/${key.accessKeyId}`;
    const attacks = [
      { method: 'POST', url: `${url(victimKey)}/secret` },
      { method: 'POST', url: `${url(disabledKey)}/secret` },
      { method: 'PATCH', url: url(victimKey), payload: { policy: { ...READ, buckets: ['*'] } } },
      { method: 'PATCH', url: url(victimKey), payload: { policy: { ...READ, actions: ['s3:*'] } } },
      { method: 'PATCH', url: url(disabledKey), payload: { enabled: true } },
      { method: 'PATCH', url: url(disabledKey), payload: { enabled: true, policy: { ...READ, sourceCidrs: ['127.0.0.1'] } } },
    ] as const;
    for (const attack of attacks) {
      const refused = await attacker.as(attack);
      expect(refused.statusCode, `${attack.method} ${attack.url} ${refused.body}`).toBe(403);
      expect(refused.body).not.toContain('secretAccessKey');
      expect(refused.body).not.toContain(enabledBefore!.secret);
    }
    expect(await stored(victimKey.accessKeyId)).toEqual(enabledBefore);
    expect(await stored(disabledKey.accessKeyId)).toEqual(disabledBefore);
    // No secret the attacker could know opens the bucket; the disabled key stays shut even with its own.
    expect(await s3Read({ accessKeyId: victimKey.accessKeyId, secretAccessKey: 'x'.repeat(40) })).toBe('SignatureDoesNotMatch');
    expect(await s3Read(disabledKey)).toBe('InvalidAccessKeyId');
    expect(await s3Read(victimKey)).toBe('the contents');
  });

  it('may still do what hands out nothing: narrow, rename and disable the key', async () => {
    const attacker = await holder(KEY_ADMIN);
    const key = await created(victim.as, '/v1/authorizations', { policy: { ...READ, actions: ['s3:GetObject', 's3:ListBucket'] } });
    const url = `/v2/authorizations/${key.accessKeyId}`;
    const narrowed = await attacker.as({ method: 'PATCH', url, payload: { name: 'narrowed', policy: READ } });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await attacker.as({ method: 'PATCH', url, payload: { enabled: false } })).json()).toMatchObject({ enabled: false });
    expect(await stored(key.accessKeyId)).toMatchObject({ name: 'narrowed', policy: READ, state: 'disabled', secret: key.secretAccessKey });
    expect((await attacker.as({ method: 'PATCH', url, payload: { enabled: true } })).statusCode).toBe(403);
  });
});

describe('someone who holds what the key opens', () => {
  it('the owner makes their own key and reads with it', async () => {
    const own = await created(victim.as, '/v1/authorizations', { policy: READ });
    expect(await s3Read(own)).toBe('the contents');
  });

  it("an administrator of the bucket who may act on the user makes, re-keys and enables the user's key", async () => {
    const made = await created(bucketAdmin.as, '/v2/authorizations', { ownerId: victim.id, policy: READ });
    expect(await s3Read(made)).toBe('the contents');
    const url = `/v2/authorizations/${disabledKey.accessKeyId}`;
    const rotated = await created(bucketAdmin.as, `${url}/secret`, {});
    expect((await bucketAdmin.as({ method: 'PATCH', url, payload: { enabled: true } })).json()).toMatchObject({ enabled: true });
    expect(await s3Read({ accessKeyId: disabledKey.accessKeyId, secretAccessKey: rotated.secretAccessKey })).toBe('the contents');
    // Admin on one bucket is not every bucket's: a key for all buckets (*) stays out of reach.
    const everywhere = await bucketAdmin.as({
      method: 'POST',
      url: '/v2/authorizations',
      payload: { ownerId: victim.id, policy: { ...READ, buckets: ['*'] } },
    });
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().details).toEqual({ needed: 'read', buckets: ['*'] });
  });

  it('a key for every bucket needs the catalogue points over every bucket, and s3:CreateBucket the create point', async () => {
    const manager = await holder(KEY_ADMIN, 'OSS:spaceList:manage');
    const withoutCreate = await manager.as({ method: 'POST', url: '/v2/authorizations', payload: { ownerId: victim.id, policy: OPEN } });
    expect(withoutCreate.statusCode).toBe(403);
    expect(withoutCreate.json().details).toEqual({ needed: 'OSS:spaceList:create' });
    const everyRead = { ...OPEN, actions: ['s3:GetObject', 's3:ListBucket', 's3:PutObject'] };
    const reader = await holder(KEY_ADMIN, 'OSS:spaceList:query');
    const refused = await reader.as({ method: 'POST', url: '/v2/authorizations', payload: { ownerId: victim.id, policy: everyRead } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual({ needed: 'write', buckets: ['*'] });
    expect(await s3Read(await created(manager.as, '/v2/authorizations', { ownerId: victim.id, policy: everyRead }))).toBe('the contents');
  });
});

describe('a change checked against a key that changed meanwhile', () => {
  it('is refused with 409 and leaves the key as the other change made it', async () => {
    const permission = t.app.modules.permission;
    const service = {
      db: t.database.db,
      keys: createKeyDirectory(t.database.db, t.app.modules.receptionCenter.secretBox),
      people: permission.people,
      holdsResource: permission.holdsResource,
      administerUser: permission.administerUser,
    } as Partial<OssService> as OssService;
    const attacker = await holder(KEY_ADMIN);
    const key = await created(victim.as, '/v1/authorizations', { policy: READ });
    const url = `/v1/authorizations/${key.accessKeyId}`;
    expect((await victim.as({ method: 'PATCH', url, payload: { enabled: false } })).statusCode).toBe(200);
    // Checked while disabled (a new policy on a disabled key hands out nothing), written after the owner enabled it.
    const seenDisabled = await findKey(service, key.accessKeyId);
    expect((await victim.as({ method: 'PATCH', url, payload: { enabled: true } })).statusCode).toBe(200);
    await expect(keyCustody(service, attacker.id).update(seenDisabled, { policy: OPEN })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await stored(key.accessKeyId)).toMatchObject({ policy: READ, state: 'enabled', secret: key.secretAccessKey });
  });
});

describe('secrets in answers', () => {
  it('are only in the answers of a creation and a rotation: lists, details and changes never carry one', async () => {
    const made = await created(bucketAdmin.as, '/v2/authorizations', { ownerId: victim.id, name: 'listed', policy: READ });
    const rotated = await created(bucketAdmin.as, `/v2/authorizations/${made.accessKeyId}/secret`, {});
    const answers = [
      await bucketAdmin.as({ method: 'GET', url: '/v2/authorizations' }),
      await bucketAdmin.as({ method: 'GET', url: `/v2/authorizations?ownerId=${victim.id}&keyword=listed` }),
      await bucketAdmin.as({ method: 'GET', url: `/v2/authorizations/${made.accessKeyId}` }),
      await bucketAdmin.as({ method: 'PATCH', url: `/v2/authorizations/${made.accessKeyId}`, payload: { name: 'renamed' } }),
      await victim.as({ method: 'GET', url: '/v1/authorizations' }),
      await victim.as({ method: 'GET', url: `/v1/authorizations/${made.accessKeyId}` }),
      await victim.as({ method: 'PATCH', url: `/v1/authorizations/${made.accessKeyId}`, payload: { name: 'mine' } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toContain(made.accessKeyId);
      for (const secret of [made.secretAccessKey, rotated.secretAccessKey, victimKey.secretAccessKey])
        expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toMatch(/secret/i);
    }
  });
});
