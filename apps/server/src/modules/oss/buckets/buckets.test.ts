import { describe, expect, it } from 'vitest';
import { adminToken } from '../../../../test/factories/identity.ts';
import { fileUrl, ossCaller, ossDataDir, ossUser, putBytes, storedFiles } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { OSS_PREFIX } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { auditLogs } from '../../../platform/db/tables.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });

describe('buckets', () => {
  it('creates, shows details and figures, changes limits and owner, deletes data confirmed by name, then the bucket', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const created = await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'life.cycle', quotaBytes: 100 } });
    expect(created.json()).toMatchObject({ name: 'life.cycle', policy: 'private', quotaBytes: 100, quotaObjects: null, level: 'admin' });
    const { id } = created.json();
    await putBytes(admin, id, 'a', 'abc');
    await putBytes(admin, id, 'b/c', 'de');
    expect((await admin({ method: 'GET', url: `/v1/buckets/${id}` })).json()).toMatchObject({ objects: 2, bytes: 5 });
    const overview = (await admin({ method: 'GET', url: '/v1/overview' })).json();
    expect(overview.buckets).toBeGreaterThanOrEqual(1);
    expect(overview.bytes).toBeGreaterThanOrEqual(5);
    const limited = await admin({ method: 'PATCH', url: `/v1/buckets/${id}`, payload: { quotaBytes: null, maxUploadBytes: 10 } });
    expect(limited.json()).toMatchObject({ quotaBytes: null, maxUploadBytes: 10 });
    expect((await admin({ method: 'PATCH', url: `/v1/buckets/${id}`, payload: { quotaBytes: -1 } })).statusCode).toBe(400);
    const newOwner = await ossUser(t);
    expect((await admin({ method: 'PATCH', url: `/v1/buckets/${id}/owner`, payload: { ownerId: newOwner.id } })).json().ownerId).toBe(
      newOwner.id,
    );
    expect((await newOwner.as({ method: 'DELETE', url: `/v1/buckets/${id}` })).statusCode).toBe(409);
    expect((await newOwner.as({ method: 'DELETE', url: `/v1/buckets/${id}/data`, payload: { name: 'life-cycle' } })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: `/v1/buckets/${id}` })).json().objects).toBe(2);
    const before = storedFiles(dataDir).length;
    expect((await newOwner.as({ method: 'DELETE', url: `/v1/buckets/${id}/data`, payload: { name: 'life.cycle' } })).json()).toEqual({
      deleted: 2,
    });
    expect(storedFiles(dataDir).length).toBe(before - 2);
    expect((await newOwner.as({ method: 'DELETE', url: `/v1/buckets/${id}` })).json()).toEqual({ ok: true });
    expect((await admin({ method: 'GET', url: `/v1/buckets/${id}` })).statusCode).toBe(404);
  });

  it('lets anyone download from a public-read bucket without signing in, and nothing from a private one', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'public-one' } })).json();
    await putBytes(admin, id, 'pub/readme.txt', 'public text', { 'content-type': 'text/plain' });
    const anonymous = () =>
      t.app.inject({ method: 'GET', url: `${OSS_PREFIX}/v1/public/${id}/files?key=${encodeURIComponent('pub/readme.txt')}` });
    expect((await anonymous()).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${OSS_PREFIX}${fileUrl(id, 'pub/readme.txt')}` })).statusCode).toBe(401);
    expect((await admin({ method: 'PUT', url: `/v1/buckets/${id}/policy`, payload: { policy: 'public-read' } })).json()).toEqual({
      policy: 'public-read',
    });
    const open = await anonymous();
    expect([open.statusCode, open.body, open.headers['x-content-type-options']]).toEqual([200, 'public text', 'nosniff']);
    expect((await admin({ method: 'PUT', url: `/v1/buckets/${id}/policy`, payload: { policy: 'world-writable' } })).statusCode).toBe(400);
  });

  it('records every change of a bucket, its policy and its grants in the audit log, with who made it', async () => {
    const admin = ossCaller(t, await adminToken(t));
    const { id } = (await admin({ method: 'POST', url: '/v1/buckets', payload: { name: 'audited' } })).json();
    const reader = await ossUser(t);
    await admin({ method: 'PATCH', url: `/v1/buckets/${id}`, payload: { quotaObjects: 5 } });
    await admin({ method: 'PUT', url: `/v1/buckets/${id}/policy`, payload: { policy: 'public-read' } });
    await admin({
      method: 'PUT',
      url: `/v1/buckets/${id}/permissions/users`,
      payload: { grants: [{ subjectId: reader.id, level: 'read' }] },
    });
    await admin({ method: 'PATCH', url: `/v1/buckets/${id}/owner`, payload: { ownerId: reader.id } });
    await admin({ method: 'DELETE', url: `/v1/buckets/${id}/data`, payload: { name: 'audited' } });
    await admin({ method: 'DELETE', url: `/v1/buckets/${id}` });
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id)).orderBy(asc(auditLogs.at));
    expect(rows.map((row) => row.action)).toEqual([
      'oss-buckets.create',
      'oss-buckets.update',
      'oss-buckets.policy.update',
      'oss-buckets.user-grants.update',
      'oss-buckets.owner.update',
      'oss-buckets.data.delete',
      'oss-buckets.delete',
    ]);
    expect(rows[2]).toMatchObject({ before: { policy: 'private' }, after: { policy: 'public-read' } });
    expect(rows[3]?.after).toEqual({ grants: [{ subjectId: reader.id, level: 'read' }] });
    expect(new Set(rows.map((row) => row.actorId)).size).toBe(1);
    expect(rows[0]?.actorId).not.toBeNull();
  });
});
