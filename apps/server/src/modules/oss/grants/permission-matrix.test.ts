import { describe, expect, it } from 'vitest';
import { adminToken, makeGroup, makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { fileUrl, ossCaller, ossDataDir, ossUser, putBytes, type OssCaller } from '../../../../test/factories/oss.ts';
import { abortUpload, listUploadsOf, putPart, startUpload, uploadIdOf } from '../../../../test/factories/oss-multipart.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });

/** Every object and bucket operation with the level it needs; each one is run on a fresh key so it can succeed. */
const OPERATIONS: {
  name: string;
  needs: 'read' | 'write' | 'admin';
  run: (as: OssCaller, bucketId: string, n: number) => Promise<{ statusCode: number }>;
}[] = [
  { name: 'details', needs: 'read', run: (as, b) => as({ method: 'GET', url: `/v1/buckets/${b}` }) },
  { name: 'list', needs: 'read', run: (as, b) => as({ method: 'GET', url: `/v1/buckets/${b}/fs` }) },
  { name: 'get', needs: 'read', run: (as, b) => as({ method: 'GET', url: fileUrl(b, 'seed.txt') }) },
  { name: 'put', needs: 'write', run: (as, b, n) => putBytes(as, b, `put-${n}.txt`, 'x') },
  { name: 'dir', needs: 'write', run: (as, b, n) => as({ method: 'POST', url: `/v1/buckets/${b}/dir`, payload: { key: `dir-${n}/` } }) },
  {
    name: 'rename',
    needs: 'write',
    run: async (as, b, n) => {
      await putBytes(owner(), b, `from-${n}`, 'x');
      return as({ method: 'PATCH', url: `/v1/buckets/${b}/files`, payload: { from: `from-${n}`, to: `to-${n}` } });
    },
  },
  {
    name: 'delete',
    needs: 'write',
    run: async (as, b, n) => {
      await putBytes(owner(), b, `gone-${n}`, 'x');
      return as({ method: 'DELETE', url: fileUrl(b, `gone-${n}`) });
    },
  },
  { name: 'start upload', needs: 'write', run: (as, b, n) => startUpload(as, b, `upload-${n}`) },
  { name: 'list uploads', needs: 'write', run: (as, b) => listUploadsOf(as, b) },
  {
    name: 'part of own upload',
    needs: 'write',
    run: async (as, b, n) => {
      const started = await startUpload(as, b, `parts-${n}`);
      return started.statusCode === 200 ? putPart(as, b, started.json().uploadId, 1, 'x') : started;
    },
  },
  {
    name: "abort another's upload",
    needs: 'admin',
    run: async (as, b, n) => abortUpload(as, b, await uploadIdOf(owner(), b, `others-${n}`)),
  },
  { name: 'policy', needs: 'admin', run: (as, b) => as({ method: 'GET', url: `/v1/buckets/${b}/policy` }) },
  {
    name: 'set policy',
    needs: 'admin',
    run: (as, b) => as({ method: 'PUT', url: `/v1/buckets/${b}/policy`, payload: { policy: 'private' } }),
  },
  { name: 'user grants', needs: 'admin', run: (as, b) => as({ method: 'GET', url: `/v1/buckets/${b}/permissions/users` }) },
  { name: 'group grants', needs: 'admin', run: (as, b) => as({ method: 'GET', url: `/v1/buckets/${b}/permissions/groups` }) },
  { name: 'limits', needs: 'admin', run: (as, b) => as({ method: 'PATCH', url: `/v1/buckets/${b}`, payload: { quotaObjects: null } }) },
  {
    name: 'delete data',
    needs: 'admin',
    run: (as, b) => as({ method: 'DELETE', url: `/v1/buckets/${b}/data`, payload: { name: 'wrong-name' } }),
  },
];
const LEVELS = ['read', 'write', 'admin'] as const;

let ownerCaller: OssCaller | undefined;
const owner = () => {
  if (!ownerCaller) throw new Error('set up first');
  return ownerCaller;
};

describe('the permission matrix', () => {
  it('lets owner, granted users and group members do what their level allows, and nobody else', async () => {
    const bucketOwner = await ossUser(t);
    ownerCaller = bucketOwner.as;
    const admin = ossCaller(t, await adminToken(t));
    const created = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'matrix' } })).json();
    await admin({ method: 'PATCH', url: `/v1/buckets/${created.id}/owner`, payload: { ownerId: bucketOwner.id } });
    const bucketId: string = created.id;
    await putBytes(owner(), bucketId, 'seed.txt', 'seed');
    const [reader, writer, groupAdmin, stranger] = [await ossUser(t), await ossUser(t), await ossUser(t), await ossUser(t)];
    const group = await makeGroup(t, { userIds: [groupAdmin.id] });
    const grantUsers = await owner()({
      method: 'PUT',
      url: `/v1/buckets/${bucketId}/permissions/users`,
      payload: {
        grants: [
          { subjectId: reader.id, level: 'read' },
          { subjectId: writer.id, level: 'write' },
        ],
      },
    });
    expect(grantUsers.statusCode, grantUsers.body).toBe(200);
    expect(
      grantUsers
        .json()
        .map((grant: { level: string }) => grant.level)
        .sort(),
    ).toEqual(['read', 'write']);
    const grantGroups = await owner()({
      method: 'PUT',
      url: `/v1/buckets/${bucketId}/permissions/groups`,
      payload: { grants: [{ subjectId: group.id, level: 'admin' }] },
    });
    expect(grantGroups.statusCode, grantGroups.body).toBe(200);

    const callers = {
      owner: ['admin', owner()],
      reader: ['read', reader.as],
      writer: ['write', writer.as],
      groupAdmin: ['admin', groupAdmin.as],
      stranger: [null, stranger.as],
    } as const;
    let n = 0;
    const outcomes: string[] = [];
    for (const [who, [level, as]] of Object.entries(callers)) {
      for (const operation of OPERATIONS) {
        n += 1;
        const allowed = level !== null && LEVELS.indexOf(level) >= LEVELS.indexOf(operation.needs);
        const { statusCode } = await operation.run(as, bucketId, n);
        // 'delete data' with a wrong name is a 400 once the level is checked.
        const expected = allowed ? (operation.name === 'delete data' ? 400 : 200) : 403;
        if (statusCode !== expected) outcomes.push(`${who} ${operation.name}: ${statusCode}, expected ${expected}`);
      }
    }
    expect(outcomes).toEqual([]);

    const listed = async (as: OssCaller) =>
      (await as({ method: 'GET', url: '/v1/buckets' })).json().map((b: { name: string; level: string }) => `${b.name}:${b.level}`);
    expect(await listed(reader.as)).toEqual(['matrix:read']);
    expect(await listed(groupAdmin.as)).toEqual(['matrix:admin']);
    expect(await listed(stranger.as)).toEqual([]);
  });

  it('leaves the objects and the uploads in progress of a bucket whole when a caller below admin asks to delete its data', async () => {
    const bucketOwner = await ossUser(t);
    const admin = ossCaller(t, await adminToken(t));
    const bucket = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'kept-data' } })).json();
    await admin({ method: 'PATCH', url: `/v1/buckets/${bucket.id}/owner`, payload: { ownerId: bucketOwner.id } });
    await putBytes(bucketOwner.as, bucket.id, 'kept.txt', 'kept');
    const uploadId = await uploadIdOf(bucketOwner.as, bucket.id, 'in-progress.bin');
    expect((await putPart(bucketOwner.as, bucket.id, uploadId, 1, 'part')).statusCode).toBe(200);
    const [reader, writer, stranger] = [await ossUser(t), await ossUser(t), await ossUser(t)];
    const grants = [
      { subjectId: reader.id, level: 'read' },
      { subjectId: writer.id, level: 'write' },
    ];
    await bucketOwner.as({ method: 'PUT', url: `/v1/buckets/${bucket.id}/permissions/users`, payload: { grants } });

    for (const caller of [reader, writer, stranger]) {
      // The bucket's right name: only the caller's level refuses it.
      const refused = await caller.as({ method: 'DELETE', url: `/v1/buckets/${bucket.id}/data`, payload: { name: 'kept-data' } });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    const uploads = (await listUploadsOf(bucketOwner.as, bucket.id)).json();
    expect(JSON.stringify(uploads)).toContain(uploadId);
    expect((await bucketOwner.as({ method: 'GET', url: fileUrl(bucket.id, 'kept.txt') })).body).toBe('kept');
  });

  it('lets an admin by grant use the bucket but not take it over: only the owner gives it to another owner', async () => {
    const [bucketOwner, grantedAdmin] = [await ossUser(t), await ossUser(t)];
    const admin = ossCaller(t, await adminToken(t));
    const bucket = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'takeover' } })).json();
    await admin({ method: 'PATCH', url: `/v1/buckets/${bucket.id}/owner`, payload: { ownerId: bucketOwner.id } });
    const grant = { grants: [{ subjectId: grantedAdmin.id, level: 'admin' }] };
    expect((await bucketOwner.as({ method: 'PUT', url: `/v1/buckets/${bucket.id}/permissions/users`, payload: grant })).statusCode).toBe(
      200,
    );
    const takeover = await grantedAdmin.as({
      method: 'PATCH',
      url: `/v1/buckets/${bucket.id}/owner`,
      payload: { ownerId: grantedAdmin.id },
    });
    expect(takeover.statusCode, takeover.body).toBe(403);
    expect((await bucketOwner.as({ method: 'GET', url: `/v1/buckets/${bucket.id}` })).json().ownerId).toBe(bucketOwner.id);
    const given = await bucketOwner.as({ method: 'PATCH', url: `/v1/buckets/${bucket.id}/owner`, payload: { ownerId: grantedAdmin.id } });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().ownerId).toBe(grantedAdmin.id);
  });

  it('answers 404 for a bucket that does not exist, and 400 for unknown users and groups in grants', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin({ method: 'GET', url: `/v1/buckets/${missing}` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: fileUrl(missing, 'a') })).statusCode).toBe(404);
    const bucket = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'grants-bad' } })).json();
    for (const plural of ['users', 'groups']) {
      const refused = await admin({
        method: 'PUT',
        url: `/v1/buckets/${bucket.id}/permissions/${plural}`,
        payload: { grants: [{ subjectId: missing, level: 'read' }] },
      });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await admin({ method: 'PATCH', url: `/v1/buckets/${bucket.id}/owner`, payload: { ownerId: missing } })).statusCode).toBe(400);
  });

  it('gives platform administrators every bucket through the catalogue points, and creating a bucket needs its point', async () => {
    const bucketOwner = await ossUser(t);
    const plain = ossCaller(t, await tokenOf(t, await makeUser(t)));
    expect((await plain({ method: 'POST', url: '/v1/buckets', payload: { name: 'not-allowed' } })).statusCode).toBe(403);
    const creatorRole = await makeRole(t, { resources: ['OSS:spaceList:create'] });
    const creator = ossCaller(t, await tokenOf(t, await makeUser(t, { roleIds: [creatorRole.id] })));
    const created = await creator({ method: 'POST', url: '/v1/buckets', payload: { name: 'by-creator' } });
    expect(created.json()).toMatchObject({ name: 'by-creator', level: 'admin' });
    expect((await creator({ method: 'POST', url: '/v1/buckets', payload: { name: 'by-creator' } })).statusCode).toBe(409);
    for (const name of ['ab', 'UPPER', '-dash', 'a..b', '192.168.1.1', 'a_b']) {
      expect((await creator({ method: 'POST', url: '/v1/buckets', payload: { name } })).statusCode, name).toBe(400);
    }
    await creator({ method: 'PATCH', url: `/v1/buckets/${created.json().id}/owner`, payload: { ownerId: bucketOwner.id } });
    const viewerRole = await makeRole(t, { resources: ['OSS:spaceList:query'] });
    const viewer = ossCaller(t, await tokenOf(t, await makeUser(t, { roleIds: [viewerRole.id] })));
    expect((await viewer({ method: 'GET', url: `/v1/buckets/${created.json().id}/fs` })).statusCode).toBe(200);
    expect((await putBytes(viewer, created.json().id, 'x', 'x')).statusCode).toBe(403);
    const managerRole = await makeRole(t, { resources: ['OSS:spaceList:manage'] });
    const manager = ossCaller(t, await tokenOf(t, await makeUser(t, { roleIds: [managerRole.id] })));
    expect((await putBytes(manager, created.json().id, 'x', 'x')).statusCode).toBe(200);
    expect((await manager({ method: 'GET', url: `/v1/buckets/${created.json().id}/policy` })).statusCode).toBe(200);
  });
});
