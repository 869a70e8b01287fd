import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { outboxDrained } from '../../../../test/app.ts';
import { rawRows } from '../../../platform/db/client.ts';
import { fileUrl, OSS_PREFIX, ossDataDir, putBytes, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { bucketWithPeople, cachedFiles as cachedOf, processorsUrl } from './bucket-people.test-support.ts';
import { CACHE_SWEEP_JOB } from './cache.ts';
import { gradientPng, solidPng } from './test-images.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });

const cachedFiles = (bucketId: string) => cachedOf(dataDir, bucketId);

const processed = (as: OssCaller, bucketId: string, key: string, processor: string, headers: Record<string, string> = {}) =>
  as({ method: 'GET', url: `${fileUrl(bucketId, key)}&x-process=${encodeURIComponent(processor)}`, headers });
const thumb = (width: number) => ({
  name: 'thumb',
  steps: [
    { op: 'resize', width, height: width, fit: 'cover' },
    { op: 'convert', format: 'webp' },
  ],
});

async function withThumb(name: string, policy: 'private' | 'public-read' = 'private') {
  const people = await bucketWithPeople(t, name, policy);
  expect((await putBytes(people.owner, people.id, 'photos/photo.png', await gradientPng(640, 480))).statusCode).toBe(200);
  const created = await people.owner({ method: 'POST', url: processorsUrl(people.id), payload: thumb(200) });
  expect(created.statusCode, created.body).toBe(200);
  return { ...people, processorId: created.json().id as string };
}

describe('downloads through a processor', () => {
  it('answers the processed image to a reader, then the same bytes from the cache, and new bytes once the processor changes', async () => {
    const { id, owner, reader, processorId } = await withThumb('proc-download');
    const first = await processed(reader, id, 'photos/photo.png', 'thumb');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers).toMatchObject({ 'content-type': 'image/webp', 'x-cache': 'miss', 'x-content-type-options': 'nosniff' });
    expect(first.headers['content-disposition']).toBe(`inline; filename="photo.webp"; filename*=UTF-8''photo.webp`);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
    expect(cachedFiles(id)).toHaveLength(1);

    const second = await processed(reader, id, 'photos/photo.png', 'thumb');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const unchanged = await processed(reader, id, 'photos/photo.png', 'thumb', { 'if-none-match': String(first.headers.etag) });
    expect([unchanged.statusCode, unchanged.rawPayload.length]).toEqual([304, 0]);

    expect((await owner({ method: 'PUT', url: processorsUrl(id, `/${processorId}`), payload: thumb(100) })).statusCode).toBe(200);
    const changed = await processed(reader, id, 'photos/photo.png', 'thumb');
    expect(changed.headers['x-cache']).toBe('miss');
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(await sharp(changed.rawPayload).metadata()).toMatchObject({ width: 100, height: 100 });

    await putBytes(owner, id, 'photos/photo.png', await solidPng(300, 300, '#ff0000'));
    const replaced = await processed(reader, id, 'photos/photo.png', 'thumb');
    expect(replaced.headers['x-cache']).toBe('miss');
    expect(replaced.rawPayload.equals(changed.rawPayload)).toBe(false);

    // Without x-process the object is answered as stored, Range and all.
    const ranged = await reader({ method: 'GET', url: fileUrl(id, 'photos/photo.png'), headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });

  it('answers 404 for an unknown processor, 415 for an object that is no image, 403 to a stranger', async () => {
    const { id, owner, stranger } = await withThumb('proc-refusals');
    await putBytes(owner, id, 'notes.txt', 'hello', { 'content-type': 'text/plain' });
    const unknown = await processed(owner, id, 'photos/photo.png', 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: "The bucket has no processor named 'nope'" });
    const text = await processed(owner, id, 'notes.txt', 'thumb');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/^'notes.txt' is text\/plain, not an image a processor reads/);
    expect((await processed(owner, id, 'missing.png', 'thumb')).statusCode).toBe(404);
    expect((await processed(stranger, id, 'photos/photo.png', 'thumb')).statusCode).toBe(403);
    // A processor is the bucket's own: another bucket's processor of the same name is not used.
    const other = await withThumb('proc-refusals-other');
    expect((await processed(other.owner, other.id, 'photos/photo.png', 'thumb')).statusCode).toBe(200);
    expect((await processed(other.owner, id, 'photos/photo.png', 'thumb')).statusCode).toBe(403);
  });

  it('processes anonymous downloads of a public-read bucket, and none of a private one', async () => {
    const open = await withThumb('proc-public', 'public-read');
    const url = (bucketId: string) => `${OSS_PREFIX}/v1/public/${bucketId}/files?key=photos%2Fphoto.png&x-process=thumb`;
    const anonymous = await t.app.inject({ method: 'GET', url: url(open.id) });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.headers['content-type']).toBe('image/webp');
    const closed = await withThumb('proc-private');
    expect((await t.app.inject({ method: 'GET', url: url(closed.id) })).statusCode).toBe(404);
  });

  it('reads watermarks of the bucket and makes a new result when a watermark changes', async () => {
    const { id, owner, reader } = await withThumb('proc-watermark');
    await putBytes(owner, id, 'mark.png', await solidPng(50, 50, '#0000ff'));
    const steps = [{ op: 'watermarkImage', key: 'mark.png', gravity: 'center', scale: 0.5, margin: 0 }];
    expect((await owner({ method: 'POST', url: processorsUrl(id), payload: { name: 'marked', steps } })).statusCode).toBe(200);
    const blue = await processed(reader, id, 'photos/photo.png', 'marked');
    expect(blue.statusCode, blue.body).toBe(200);
    await putBytes(owner, id, 'mark.png', await solidPng(50, 50, '#00ff00'));
    const green = await processed(reader, id, 'photos/photo.png', 'marked');
    expect(green.headers['x-cache']).toBe('miss');
    expect(green.headers.etag).not.toBe(blue.headers.etag);
    const centre = async (png: Buffer) => [...(await sharp(png).extract({ left: 320, top: 240, width: 1, height: 1 }).raw().toBuffer())];
    expect(await centre(blue.rawPayload)).toEqual([0, 0, 255]);
    expect(await centre(green.rawPayload)).toEqual([0, 255, 0]);
  });

  it('reclaims the cached results of a deleted processor and of a deleted object', async () => {
    const { id, owner, processorId } = await withThumb('proc-reclaim');
    await putBytes(owner, id, 'photos/second.png', await gradientPng(100, 100));
    const other = (await owner({ method: 'POST', url: processorsUrl(id), payload: { ...thumb(50), name: 'tiny' } })).json();
    for (const processor of ['thumb', 'tiny']) {
      for (const key of ['photos/photo.png', 'photos/second.png'])
        expect((await processed(owner, id, key, processor)).statusCode).toBe(200);
    }
    expect(cachedFiles(id)).toHaveLength(4);
    expect((await owner({ method: 'DELETE', url: processorsUrl(id, `/${processorId}`) })).statusCode).toBe(200);
    await outboxDrained(t);
    expect(cachedFiles(id).map((name) => name.split('/')[0])).toEqual([other.id, other.id]);

    expect((await owner({ method: 'DELETE', url: fileUrl(id, 'photos/second.png') })).statusCode).toBe(200);
    // Unreachable at once (the object is gone); reclaimed by the bucket's next sweep, here queued by a processor change.
    expect((await processed(owner, id, 'photos/second.png', 'tiny')).statusCode).toBe(404);
    await owner({ method: 'PUT', url: processorsUrl(id, `/${other.id}`), payload: { ...thumb(50), name: 'tiny' } });
    await outboxDrained(t);
    expect(cachedFiles(id)).toHaveLength(1);
    expect((await processed(owner, id, 'photos/photo.png', 'tiny')).headers['x-cache']).toBe('hit');
  });
});

describe('the cache of a deleted bucket', () => {
  it('is reclaimed by the hourly sweep a cached result schedules', async () => {
    const { id, owner, admin } = await withThumb('proc-gone');
    expect((await processed(owner, id, 'photos/photo.png', 'thumb')).statusCode).toBe(200);
    expect(cachedFiles(id)).toHaveLength(1);
    expect((await owner({ method: 'DELETE', url: `/v1/buckets/${id}/data`, payload: { name: 'proc-gone' } })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `/v1/buckets/${id}` })).statusCode).toBe(200);
    // The hour passes: the sweep queued when the result was cached comes due.
    const due = await rawRows<{ id: string }>(
      t.database.db,
      sql`update jobs set run_at = now() where kind = ${CACHE_SWEEP_JOB} and payload->>'bucketId' = ${id} and status = 'pending' returning id`,
    );
    expect(due).toHaveLength(1);
    await outboxDrained(t);
    expect(cachedFiles(id)).toEqual([]);
  });
});

describe('preview', () => {
  it('runs steps over the sample image or an object for a reader, storing nothing', async () => {
    const { id, owner, reader, stranger } = await withThumb('proc-preview');
    await putBytes(owner, id, 'notes.txt', 'hello', { 'content-type': 'text/plain' });
    const preview = (as: OssCaller, payload: object) => as({ method: 'POST', url: processorsUrl(id, '/preview'), payload });
    const sample = await preview(reader, { steps: [{ op: 'resize', width: 400 }] });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'no-store', 'x-image-width': '400' });
    expect(await sharp(sample.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    const object = await preview(reader, { key: 'photos/photo.png', steps: [{ op: 'crop', left: 0, top: 0, width: 64, height: 32 }] });
    expect(object.headers['content-type']).toBe('image/png');
    expect(await sharp(object.rawPayload).metadata()).toMatchObject({ format: 'png', width: 64, height: 32 });
    const outside = await preview(reader, { key: 'photos/photo.png', steps: [{ op: 'crop', left: 600, top: 0, width: 64, height: 32 }] });
    expect(outside.statusCode).toBe(400);
    expect((await preview(reader, { key: 'notes.txt', steps: [{ op: 'rotate', angle: 90 }] })).statusCode).toBe(415);
    expect((await preview(reader, { key: 'nothing.png', steps: [{ op: 'rotate', angle: 90 }] })).statusCode).toBe(404);
    const invalid = await preview(reader, { steps: [{ op: 'rotate', angle: 400 }] });
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The processor is invalid: step 1 (rotate): angle must be at most 360',
    });
    expect((await preview(stranger, { steps: [{ op: 'rotate', angle: 90 }] })).statusCode).toBe(403);
    expect(cachedFiles(id)).toEqual([]);
  });
});
