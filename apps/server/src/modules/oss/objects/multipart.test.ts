import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileUrl, ossBucket, ossDataDir, putBytes, storedFiles } from '../../../../test/factories/oss.ts';
import {
  abortUpload,
  completeParts,
  listPartsOf,
  listUploadsOf,
  md5Hex,
  MiB,
  multipartEtagOf,
  putPart,
  putParts,
  sha256Hex,
  uploadIdOf,
} from '../../../../test/factories/oss-multipart.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { createObjectStorage } from '../../../platform/storage/drivers.ts';
import { abortAbandonedUploads } from './multipart.ts';
import { ABANDONED_UPLOAD_MS } from './multipart-rows.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });
const filesOf = (bucketId: string) => storedFiles(dataDir, bucketId);
/** Five MiB (the smallest a part but the last may be) of one byte value. */
const fullPart = (fill: number) => Buffer.alloc(5 * MiB, fill);
const s3CodeOf = (response: { json(): unknown }) => (response.json() as { details: { s3Code: string } }).details.s3Code;

describe('multipart uploads', () => {
  it('assembles three parts, the last small, into one object with S3 etag and the SHA-256 of the whole', async () => {
    const { id, owner } = await ossBucket(t, 'mp-happy');
    const parts = [fullPart(1), fullPart(2), Buffer.from('the end')];
    const started = await owner({
      method: 'POST',
      url: `/v1/buckets/${id}/uploads`,
      payload: { key: 'big/file.txt', contentType: 'text/plain' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { uploadId, key } = started.json() as { uploadId: string; key: string };
    expect(key).toBe('big/file.txt');
    const listed = await putParts(owner, id, uploadId, parts);
    expect(listed.map((part) => part.etag)).toEqual(parts.map((part) => md5Hex(part)));
    expect(filesOf(id)).toHaveLength(3);
    // Etags come back quoted from S3 clients: accepted.
    const completed = await completeParts(
      owner,
      id,
      uploadId,
      listed.map((part) => ({ ...part, etag: `"${part.etag}"` })),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const whole = Buffer.concat(parts);
    expect(completed.json()).toMatchObject({
      key: 'big/file.txt',
      size: whole.length,
      contentType: 'text/plain',
      etag: multipartEtagOf(parts),
      sha256: sha256Hex(whole),
    });
    const download = await owner({ method: 'GET', url: fileUrl(id, 'big/file.txt') });
    expect(download.statusCode).toBe(200);
    expect(sha256Hex(download.rawPayload)).toBe(sha256Hex(whole));
    expect(download.headers.etag).toBe(`"${multipartEtagOf(parts)}"`);
    // The parts are gone, files and rows: only the object's file is left, and the upload is no more.
    expect(filesOf(id)).toHaveLength(1);
    expect((await listUploadsOf(owner, id)).json()).toEqual({ uploads: [], isTruncated: false });
    const gone = await listPartsOf(owner, id, uploadId);
    expect([gone.statusCode, s3CodeOf(gone)]).toEqual([404, 'NoSuchUpload']);
    expect(s3CodeOf(await completeParts(owner, id, uploadId, listed))).toBe('NoSuchUpload');
  });

  it('replaces a part uploaded again (its old bytes removed) and accepts a single small part', async () => {
    const { id, owner } = await ossBucket(t, 'mp-replace');
    const uploadId = await uploadIdOf(owner, id, 'replaced.bin');
    const first = await putPart(owner, id, uploadId, 1, 'first bytes');
    const second = await putPart(owner, id, uploadId, 1, 'second bytes, longer');
    expect(second.json()).toEqual({ partNumber: 1, etag: md5Hex('second bytes, longer'), size: 20 });
    expect(filesOf(id)).toHaveLength(1);
    const parts = (await listPartsOf(owner, id, uploadId)).json();
    expect(parts.parts).toMatchObject([{ partNumber: 1, etag: md5Hex('second bytes, longer'), size: 20 }]);
    const stale = await completeParts(owner, id, uploadId, [{ partNumber: 1, etag: first.json().etag }]);
    expect([stale.statusCode, s3CodeOf(stale)]).toEqual([400, 'InvalidPart']);
    const done = await completeParts(owner, id, uploadId, [{ partNumber: 1, etag: second.json().etag }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().etag).toBe(multipartEtagOf([Buffer.from('second bytes, longer')]));
    expect((await owner({ method: 'GET', url: fileUrl(id, 'replaced.bin') })).body).toBe('second bytes, longer');
  });

  it('refuses a completion out of order, with an unknown part or etag, or a small part before the last, and changes nothing', async () => {
    const { id, owner } = await ossBucket(t, 'mp-rules');
    const uploadId = await uploadIdOf(owner, id, 'ruled.bin');
    const [one, two, three] = await putParts(owner, id, uploadId, [Buffer.from('small'), fullPart(2), Buffer.from('last')]);
    if (!one || !two || !three) throw new Error('three parts');
    const refusals: [string, { partNumber: number; etag: string }[]][] = [
      ['InvalidPartOrder', [two, one, three]],
      ['InvalidPartOrder', [one, one, two]],
      ['InvalidPart', [one, two, { partNumber: 4, etag: three.etag }]],
      ['InvalidPart', [one, { partNumber: 2, etag: md5Hex('other bytes') }]],
      ['EntityTooSmall', [one, two, three]],
      ['MalformedXML', []],
    ];
    for (const [s3Code, parts] of refusals) {
      const refused = await completeParts(owner, id, uploadId, parts);
      if (parts.length === 0) expect(refused.statusCode).toBe(400);
      else expect([refused.statusCode, s3CodeOf(refused)], JSON.stringify(parts)).toEqual([400, s3Code]);
    }
    expect((await owner({ method: 'GET', url: fileUrl(id, 'ruled.bin') })).statusCode).toBe(404);
    expect(filesOf(id)).toHaveLength(3);
    expect(filesOf(id).filter((name) => name.includes('.tmp-'))).toEqual([]);
    // Parts left out are dropped: 2 (5 MiB) then 3 make the object, and part 1's bytes go too.
    const done = await completeParts(owner, id, uploadId, [two, three]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().size).toBe(5 * MiB + 4);
    expect(filesOf(id)).toHaveLength(1);
  });

  it('refuses a part whose declared MD5, SHA-256 or length does not match, storing nothing', async () => {
    const { id, owner } = await ossBucket(t, 'mp-checksums');
    const uploadId = await uploadIdOf(owner, id, 'checked.bin');
    const base64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
    const wrong: [Record<string, string>, string][] = [
      [{ 'content-md5': base64(md5Hex('abd')) }, 'content-md5'],
      [{ 'x-amz-checksum-sha256': base64(sha256Hex('abd')) }, 'x-amz-checksum-sha256'],
    ];
    for (const [headers, field] of wrong) {
      const refused = await putPart(owner, id, uploadId, 1, 'abc', headers);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details).toEqual({ field, s3Code: 'BadDigest' });
    }
    const short = await putPart(owner, id, uploadId, 1, 'abc', { 'content-length': '5' });
    expect([short.statusCode, short.json().details]).toEqual([400, { field: 'content-length', s3Code: 'IncompleteBody' }]);
    expect((await listPartsOf(owner, id, uploadId)).json().parts).toEqual([]);
    expect(filesOf(id)).toEqual([]);
    const good = await putPart(owner, id, uploadId, 1, 'abc', {
      'content-md5': base64(md5Hex('abc')),
      'x-amz-checksum-sha256': base64(sha256Hex('abc')),
    });
    expect(good.statusCode, good.body).toBe(200);
    for (const partNumber of [0, 10_001]) {
      expect((await putPart(owner, id, uploadId, partNumber, 'x')).statusCode).toBe(400);
    }
  });

  it('refuses a completion past the bytes quota, leaving no object and no file, and keeps the upload to retry or abort', async () => {
    const { id, owner, admin } = await ossBucket(t, 'mp-quota', { quotaBytes: 12 * MiB });
    const uploadId = await uploadIdOf(owner, id, 'quota.bin');
    const listed = await putParts(owner, id, uploadId, [fullPart(1), fullPart(2), Buffer.alloc(1024, 3)]);
    // Room taken meanwhile: the parts fitted when they came, the object no longer does.
    expect((await putBytes(owner, id, 'other.bin', Buffer.alloc(2 * MiB))).statusCode).toBe(200);
    const refused = await completeParts(owner, id, uploadId, listed);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().details).toEqual({ limit: 'quotaBytes', bytes: 10 * MiB });
    expect((await owner({ method: 'GET', url: fileUrl(id, 'quota.bin') })).statusCode).toBe(404);
    expect(filesOf(id)).toHaveLength(4);
    expect((await admin({ method: 'GET', url: `/v1/buckets/${id}` })).json()).toMatchObject({ objects: 1, bytes: 2 * MiB });
    expect((await listPartsOf(owner, id, uploadId)).json().parts).toHaveLength(3);
    // A part that would take the upload past what the quota leaves is refused as it comes.
    const overPart = await putPart(owner, id, uploadId, 4, Buffer.alloc(1024));
    expect([overPart.statusCode, overPart.json().details]).toEqual([413, { limit: 'quotaBytes', bytes: 0 }]);
    expect((await abortUpload(owner, id, uploadId)).json()).toEqual({ ok: true });
    expect(filesOf(id)).toHaveLength(1);
  });

  it('holds an upload to the per-upload limit part by part, and the object quota at start and completion', async () => {
    const { id, owner, admin } = await ossBucket(t, 'mp-limits', { maxUploadBytes: 6 * MiB, quotaObjects: 1 });
    const uploadId = await uploadIdOf(owner, id, 'limited.bin');
    expect((await putPart(owner, id, uploadId, 1, fullPart(1))).statusCode).toBe(200);
    const second = await putPart(owner, id, uploadId, 2, Buffer.alloc(2 * MiB));
    expect([second.statusCode, second.json().details]).toEqual([413, { limit: 'maxUploadBytes', bytes: MiB }]);
    const declaredTooLong = await putPart(owner, id, uploadId, 2, Buffer.alloc(MiB + 1));
    expect(declaredTooLong.statusCode).toBe(413);
    const last = await putPart(owner, id, uploadId, 2, Buffer.alloc(MiB));
    expect(last.statusCode).toBe(200);
    expect(filesOf(id)).toHaveLength(2);
    // The one object the quota allows is taken meanwhile: completing a new key is refused, starting another too.
    expect((await putBytes(owner, id, 'taken', 'x')).statusCode).toBe(200);
    const parts = (await listPartsOf(owner, id, uploadId)).json().parts as { partNumber: number; etag: string }[];
    const full = await completeParts(owner, id, uploadId, parts);
    expect([full.statusCode, full.json().details.limit]).toEqual([409, 'quotaObjects']);
    expect((await owner({ method: 'POST', url: `/v1/buckets/${id}/uploads`, payload: { key: 'another' } })).statusCode).toBe(409);
    // With room again, the same parts complete.
    await admin({ method: 'PATCH', url: `/v1/buckets/${id}`, payload: { quotaObjects: 2 } });
    expect((await completeParts(owner, id, uploadId, parts)).statusCode).toBe(200);
    expect(filesOf(id)).toHaveLength(2);
  });

  it('aborts an upload, removing its parts, and knows no upload of another bucket', async () => {
    const { id, owner } = await ossBucket(t, 'mp-abort');
    const other = await ossBucket(t, 'mp-abort-other');
    const uploadId = await uploadIdOf(owner, id, 'aborted.bin');
    await putParts(owner, id, uploadId, [fullPart(1), Buffer.from('tail')]);
    expect(filesOf(id)).toHaveLength(2);
    const foreign = await other.owner({ method: 'DELETE', url: `/v1/buckets/${other.id}/uploads/${uploadId}` });
    expect([foreign.statusCode, s3CodeOf(foreign)]).toEqual([404, 'NoSuchUpload']);
    expect((await putPart(other.owner, other.id, uploadId, 1, 'x')).statusCode).toBe(404);
    expect((await abortUpload(owner, id, uploadId)).statusCode).toBe(200);
    expect(filesOf(id)).toEqual([]);
    for (const again of [abortUpload(owner, id, uploadId), putPart(owner, id, uploadId, 3, 'late'), listPartsOf(owner, id, uploadId)]) {
      const answer = await again;
      expect([answer.statusCode, s3CodeOf(answer)]).toEqual([404, 'NoSuchUpload']);
    }
    expect(filesOf(id)).toEqual([]);
  });

  it('ends a completion racing an abort one way or the other, leaving no stray file', async () => {
    const { id, owner } = await ossBucket(t, 'mp-race');
    for (const round of [1, 2, 3]) {
      const key = `raced-${round}.bin`;
      const uploadId = await uploadIdOf(owner, id, key);
      const listed = await putParts(owner, id, uploadId, [fullPart(round), Buffer.from('tail')]);
      const [completed, aborted] = await Promise.all([completeParts(owner, id, uploadId, listed), abortUpload(owner, id, uploadId)]);
      const outcome = [completed.statusCode, aborted.statusCode];
      expect([
        [200, 404],
        [404, 200],
      ]).toContainEqual(outcome);
      const stored = (await owner({ method: 'GET', url: fileUrl(id, key) })).statusCode === 200;
      expect(stored).toBe(completed.statusCode === 200);
    }
    const objects = (await owner({ method: 'GET', url: `/v1/buckets/${id}` })).json().objects as number;
    expect(filesOf(id)).toHaveLength(objects);
  });

  it("reclaims the parts of a bucket's uploads when the bucket is deleted", async () => {
    const { id, owner } = await ossBucket(t, 'mp-bucket-gone');
    const uploadId = await uploadIdOf(owner, id, 'orphan.bin');
    await putParts(owner, id, uploadId, [Buffer.from('one'), Buffer.from('two')]);
    expect(filesOf(id)).toHaveLength(2);
    expect((await owner({ method: 'DELETE', url: `/v1/buckets/${id}` })).statusCode).toBe(200);
    expect(filesOf(id)).toEqual([]);
  });

  it("aborts a bucket's uploads in progress with its data, and those abandoned for a week in the sweep", async () => {
    const { id, owner } = await ossBucket(t, 'mp-data-gone');
    const withData = await uploadIdOf(owner, id, 'in-progress.bin');
    await putParts(owner, id, withData, [Buffer.from('one')]);
    await putBytes(owner, id, 'kept-until-deleted.txt', 'object');
    expect(filesOf(id)).toHaveLength(2);
    expect((await owner({ method: 'DELETE', url: `/v1/buckets/${id}/data`, payload: { name: 'mp-data-gone' } })).statusCode).toBe(200);
    expect(filesOf(id)).toEqual([]);
    expect((await listUploadsOf(owner, id)).json()).toMatchObject({ uploads: [] });

    const [abandoned, fresh] = [await uploadIdOf(owner, id, 'abandoned.bin'), await uploadIdOf(owner, id, 'fresh.bin')];
    await putParts(owner, id, abandoned, [Buffer.from('old part')]);
    await putParts(owner, id, fresh, [Buffer.from('new part')]);
    const longAgo = new Date(Date.now() - ABANDONED_UPLOAD_MS - 60_000);
    await t.database.db.execute(sql`update oss_multipart_uploads set created_at = ${longAgo} where id = ${abandoned}`);
    const storage = createObjectStorage(t.config);
    expect(await abortAbandonedUploads({ db: t.database.db, storage })).toBe(1);
    expect(filesOf(id)).toHaveLength(1);
    const left = (await listUploadsOf(owner, id)).json() as { uploads: { uploadId: string }[] };
    expect(left.uploads.map((upload) => upload.uploadId)).toEqual([fresh]);
    expect((await listPartsOf(owner, id, abandoned)).statusCode).toBe(404);
  });
});
