import { beforeAll, describe, expect, it } from 'vitest';
import { makeRole, makeUser, tokenOf } from '../../../../test/factories/identity.ts';
import { ossCaller, ossDataDir, ossUser, putBytes, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { ossBuckets, ossRequestRollups } from '../tables.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let owner: { id: string; as: OssCaller };
let reader: { id: string; as: OssCaller };
let stranger: { id: string; as: OssCaller };
let statistician: OssCaller;
const ids: Record<'photos' | 'docs' | 'other', string> = { photos: '', docs: '', other: '' };

/**
 * Known data: the owner's `photos` (two PNGs, 29 bytes each, quota 100 bytes) and `docs` (one text
 * of 11 bytes, no quota), someone else's `other` (one 5-byte object); `reader` reads `docs`.
 * Requests: roll-ups at known UTC hours of 2026-02-10 and 2026-02-12.
 */
beforeAll(async () => {
  owner = await ossUser(t);
  reader = await ossUser(t);
  stranger = await ossUser(t);
  const other = await ossUser(t);
  const role = await makeRole(t, { resources: ['OSS:statisticAnalysis'] });
  statistician = ossCaller(t, await tokenOf(t, await makeUser(t, { roleIds: [role.id] })));
  const db = t.database.db;
  for (const [name, ownerId, quotaBytes] of [
    ['photos', owner.id, 100],
    ['docs', owner.id, null],
    ['other', other.id, null],
  ] as const) {
    const [bucket] = await db
      .insert(ossBuckets)
      .values({ name: `analysis-${name}`, ownerId, quotaBytes })
      .returning();
    ids[name] = bucket!.id;
  }
  for (const key of ['a.png', 'b.png']) expect((await putBytes(owner.as, ids.photos, key, PNG)).statusCode).toBe(200);
  expect((await putBytes(owner.as, ids.docs, 'readme.txt', 'hello world', { 'content-type': 'text/plain' })).statusCode).toBe(200);
  expect((await putBytes(other.as, ids.other, 'x.bin', 'bytes')).statusCode).toBe(200);
  const grant = await owner.as({
    method: 'PUT',
    url: `/v1/buckets/${ids.docs}/permissions/users`,
    payload: { grants: [{ subjectId: reader.id, level: 'read' }] },
  });
  expect(grant.statusCode, grant.body).toBe(200);
  const hour = (iso: string) => new Date(iso);
  await db.insert(ossRequestRollups).values([
    { bucketId: ids.photos, hour: hour('2026-02-10T03:00:00Z'), method: 'GET', count: 10, bytesIn: 0, bytesOut: 1_000 },
    { bucketId: ids.photos, hour: hour('2026-02-10T03:00:00Z'), method: 'PUT', count: 2, bytesIn: 58, bytesOut: 0 },
    { bucketId: ids.photos, hour: hour('2026-02-10T05:00:00Z'), method: 'GET', count: 1, bytesIn: 0, bytesOut: 29 },
    { bucketId: ids.docs, hour: hour('2026-02-10T05:00:00Z'), method: 'DELETE', count: 4, bytesIn: 0, bytesOut: 0 },
    { bucketId: ids.other, hour: hour('2026-02-12T23:00:00Z'), method: 'GET', count: 100, bytesIn: 0, bytesOut: 500 },
  ]);
});

const get = async (as: OssCaller, path: string) => {
  const response = await as({ method: 'GET', url: `/v1/analysis/${path}` });
  return { status: response.statusCode, body: response.json() };
};
const namesIn = (body: { buckets: { name: string }[] }) => body.buckets.map((bucket) => bucket.name);

describe('bucket figures', () => {
  it('sizes the largest buckets first with the totals of what the caller sees', async () => {
    const everything = await get(statistician, 'bucket-sizes');
    expect(everything.body).toEqual({
      buckets: [
        { bucketId: ids.photos, name: 'analysis-photos', objects: 2, bytes: 58 },
        { bucketId: ids.docs, name: 'analysis-docs', objects: 1, bytes: 11 },
        { bucketId: ids.other, name: 'analysis-other', objects: 1, bytes: 5 },
      ],
      total: { buckets: 3, objects: 4, bytes: 74 },
    });
    expect((await get(statistician, 'bucket-sizes?top=1')).body.buckets).toHaveLength(1);
    expect((await get(owner.as, 'bucket-sizes')).body.total).toEqual({ buckets: 2, objects: 3, bytes: 69 });
    expect(namesIn((await get(reader.as, 'bucket-sizes')).body)).toEqual(['analysis-docs']);
    expect((await get(stranger.as, 'bucket-sizes')).body).toEqual({ buckets: [], total: { buckets: 0, objects: 0, bytes: 0 } });
  });

  it('sets bytes against the quota and the total', async () => {
    const { body } = await get(owner.as, 'capacity');
    expect(body).toEqual({
      totalBytes: 69,
      buckets: [
        { bucketId: ids.photos, name: 'analysis-photos', bytes: 58, quotaBytes: 100, quotaUsed: 0.58, shareOfTotal: 58 / 69 },
        { bucketId: ids.docs, name: 'analysis-docs', bytes: 11, quotaBytes: null, quotaUsed: null, shareOfTotal: 11 / 69 },
      ],
    });
  });

  it('groups objects by content-type family', async () => {
    expect((await get(owner.as, 'file-types')).body).toEqual([
      { family: 'image', objects: 2, bytes: 58 },
      { family: 'text', objects: 1, bytes: 11 },
    ]);
    expect((await get(statistician, `file-types?bucketId=${ids.other}`)).body).toEqual([{ family: 'application', objects: 1, bytes: 5 }]);
  });

  it('narrows to one bucket only with the read level on it (or the statistics point)', async () => {
    expect((await get(reader.as, `capacity?bucketId=${ids.docs}`)).body.buckets).toHaveLength(1);
    for (const path of ['bucket-sizes', 'capacity', 'file-types', 'request-methods', 'requests']) {
      expect((await get(reader.as, `${path}?bucketId=${ids.photos}`)).status, path).toBe(403);
      expect((await get(stranger.as, `${path}?bucketId=${ids.docs}`)).status, path).toBe(403);
      expect((await get(stranger.as, `${path}?bucketId=00000000-0000-4000-8000-000000000000`)).status, path).toBe(404);
      expect((await get(stranger.as, `${path}?bucketId=nope`)).status, path).toBe(400);
    }
    expect((await get(statistician, `bucket-sizes?bucketId=${ids.photos}`)).body.total).toEqual({ buckets: 1, objects: 2, bytes: 58 });
  });
});

describe('request figures', () => {
  const february = 'from=2026-02-10T00:00:00Z&to=2026-02-13T00:00:00Z';

  it('adds requests up by method over the range', async () => {
    expect((await get(owner.as, `request-methods?${february}`)).body).toEqual({
      from: '2026-02-10T00:00:00.000Z',
      to: '2026-02-13T00:00:00.000Z',
      methods: [
        { method: 'GET', requests: 11, bytesIn: 0, bytesOut: 1_029 },
        { method: 'DELETE', requests: 4, bytesIn: 0, bytesOut: 0 },
        { method: 'PUT', requests: 2, bytesIn: 58, bytesOut: 0 },
      ],
    });
    expect((await get(stranger.as, `request-methods?${february}`)).body.methods).toEqual([]);
    expect((await get(statistician, `request-methods?${february}`)).body.methods[0]).toEqual({
      method: 'GET',
      requests: 111,
      bytesIn: 0,
      bytesOut: 1_529,
    });
  });

  it('answers a series by the hour with every hour present, zeros included', async () => {
    const { body } = await get(owner.as, 'requests?granularity=hour&from=2026-02-10T02:30:00Z&to=2026-02-10T05:10:00Z');
    expect(body).toEqual({
      granularity: 'hour',
      from: '2026-02-10T02:00:00.000Z',
      to: '2026-02-10T06:00:00.000Z',
      points: [
        { at: '2026-02-10T02:00:00.000Z', requests: 0, bytesIn: 0, bytesOut: 0 },
        { at: '2026-02-10T03:00:00.000Z', requests: 12, bytesIn: 58, bytesOut: 1_000 },
        { at: '2026-02-10T04:00:00.000Z', requests: 0, bytesIn: 0, bytesOut: 0 },
        { at: '2026-02-10T05:00:00.000Z', requests: 5, bytesIn: 0, bytesOut: 29 },
      ],
    });
  });

  it('answers a series by the UTC day', async () => {
    const { body } = await get(statistician, `requests?granularity=day&${february}`);
    expect(body.points).toEqual([
      { at: '2026-02-10T00:00:00.000Z', requests: 17, bytesIn: 58, bytesOut: 1_029 },
      { at: '2026-02-11T00:00:00.000Z', requests: 0, bytesIn: 0, bytesOut: 0 },
      { at: '2026-02-12T00:00:00.000Z', requests: 100, bytesIn: 0, bytesOut: 500 },
    ]);
  });

  it('covers the last 24 hours or 30 days without a range, ending with the current period', async () => {
    const hourly = (await get(owner.as, 'requests')).body;
    expect(hourly.points).toHaveLength(24);
    expect(Date.parse(hourly.to)).toBeGreaterThan(Date.now());
    const daily = (await get(owner.as, 'requests?granularity=day')).body;
    expect(daily.points).toHaveLength(30);
    expect(daily.points[0].at).toMatch(/T00:00:00\.000Z$/);
  });

  it('refuses a reversed, empty, too long or malformed range with a 400', async () => {
    const refused = async (query: string) => {
      const { status, body } = await get(owner.as, `requests?${query}`);
      return { status, field: body.details?.field };
    };
    expect(await refused('from=2026-02-10T05:00:00Z&to=2026-02-10T01:00:00Z')).toEqual({ status: 400, field: 'query.from' });
    expect(await refused('from=2026-02-10T05:00:00Z&to=2026-02-10T05:00:00Z')).toEqual({ status: 400, field: 'query.from' });
    expect(await refused('granularity=hour&from=2026-01-01T00:00:00Z&to=2026-02-01T01:00:00Z')).toEqual({ status: 400, field: 'query.to' });
    expect((await refused('granularity=hour&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z')).status).toBe(200);
    expect((await refused('granularity=day&from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00Z')).status).toBe(200);
    expect(await refused('granularity=day&from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z')).toEqual({ status: 400, field: 'query.to' });
    expect((await refused('granularity=week')).status).toBe(400);
    expect((await refused('from=yesterday')).status).toBe(400);
    expect((await get(owner.as, 'request-methods?from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z')).status).toBe(400);
  });
});
