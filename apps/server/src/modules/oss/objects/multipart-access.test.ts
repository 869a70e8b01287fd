import { describe, expect, it } from 'vitest';
import { ossBucket, ossDataDir, ossUser, type OssCaller } from '../../../../test/factories/oss.ts';
import {
  abortUpload,
  completeParts,
  listPartsOf,
  listUploadsOf,
  putPart,
  putParts,
  startUpload,
  uploadIdOf,
} from '../../../../test/factories/oss-multipart.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';

const { t } = appPerFile(undefined, { env: { DATA_DIR: ossDataDir() } });

interface Listing {
  uploads: { uploadId: string; key: string; initiatorId: string | null }[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
}
interface PartPage {
  upload: { uploadId: string; key: string };
  parts: { partNumber: number; size: number }[];
  isTruncated: boolean;
  nextPartNumberMarker?: number;
}

describe('who may touch multipart uploads', () => {
  it('refuses readers and strangers everything, lets a writer touch its own uploads only, and a bucket admin every one', async () => {
    const { id, owner } = await ossBucket(t, 'mp-access');
    const [reader, writer, otherWriter, stranger] = [await ossUser(t), await ossUser(t), await ossUser(t), await ossUser(t)];
    const grants = [
      { subjectId: reader.id, level: 'read' },
      { subjectId: writer.id, level: 'write' },
      { subjectId: otherWriter.id, level: 'write' },
    ];
    expect((await owner({ method: 'PUT', url: `/v1/buckets/${id}/permissions/users`, payload: { grants } })).statusCode).toBe(200);
    const uploadId = await uploadIdOf(writer.as, id, 'writers.bin');
    const [part] = await putParts(writer.as, id, uploadId, [Buffer.from('by the writer')]);
    if (!part) throw new Error('one part');
    // Every multipart call, one after the other.
    const touches = async (as: OssCaller) => [
      await startUpload(as, id, 'mine.bin'),
      await listUploadsOf(as, id),
      await putPart(as, id, uploadId, 2, 'more'),
      await listPartsOf(as, id, uploadId),
      await completeParts(as, id, uploadId, [part]),
      await abortUpload(as, id, uploadId),
    ];
    for (const [who, as] of [
      ['reader', reader.as],
      ['stranger', stranger.as],
    ] as const) {
      expect(
        (await touches(as)).map((answer) => answer.statusCode),
        who,
      ).toEqual([403, 403, 403, 403, 403, 403]);
    }
    // Another writer starts and lists its own uploads, and touches nothing of the first writer's.
    const othersId = await uploadIdOf(otherWriter.as, id, 'others.bin');
    const [started, listed, ...others] = await touches(otherWriter.as);
    expect(started?.statusCode).toBe(200);
    expect((listed?.json() as Listing).uploads.map((u) => u.key)).toEqual(['mine.bin', 'others.bin']);
    expect(others.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await listPartsOf(writer.as, id, uploadId)).json().parts).toHaveLength(1);
    // The bucket admin lists every upload, reads the writer's parts and aborts the other writer's.
    const everyUpload = ((await listUploadsOf(owner, id)).json() as Listing).uploads;
    expect(everyUpload.map((u) => u.key)).toEqual(['mine.bin', 'others.bin', 'writers.bin']);
    expect(everyUpload.find((u) => u.uploadId === uploadId)).toMatchObject({ key: 'writers.bin', initiatorId: writer.id });
    expect((await listPartsOf(owner, id, uploadId)).statusCode).toBe(200);
    expect((await abortUpload(owner, id, othersId)).statusCode).toBe(200);
    const done = await completeParts(writer.as, id, uploadId, [part]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ key: 'writers.bin', size: 13 });
  });

  it('refuses keys as a PUT does: control characters, dot and empty segments, a folder, over 1024 bytes', async () => {
    const { id, owner } = await ossBucket(t, 'mp-keys');
    for (const key of ['a\u0000b', 'a\nb', '../etc/passwd', 'a/../../b', './x', 'a//b', '/lead', 'folder/', '\ud800', 'é'.repeat(513)]) {
      const refused = await startUpload(owner, id, key);
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
    }
    expect((await listUploadsOf(owner, id, `prefix=${encodeURIComponent('../')}`)).statusCode).toBe(400);
    expect((await listUploadsOf(owner, id, 'uploadIdMarker=not-an-id')).statusCode).toBe(400);
    expect((await startUpload(owner, id, 'ü'.repeat(512))).statusCode).toBe(200);
    expect((await listUploadsOf(owner, id)).json().uploads).toHaveLength(1);
  });
});

describe('listing uploads and parts', () => {
  it('pages through the parts by number, for resuming', async () => {
    const { id, owner } = await ossBucket(t, 'mp-parts-pages');
    const uploadId = await uploadIdOf(owner, id, 'paged.bin');
    for (const partNumber of [5, 1, 3, 2, 4]) {
      expect((await putPart(owner, id, uploadId, partNumber, `part ${partNumber}`)).statusCode).toBe(200);
    }
    const pages: number[][] = [];
    let marker: number | undefined = 0;
    while (marker !== undefined) {
      const page: PartPage = (await listPartsOf(owner, id, uploadId, `maxParts=2&partNumberMarker=${marker}`)).json();
      expect(page.upload).toMatchObject({ uploadId, key: 'paged.bin' });
      pages.push(page.parts.map((part) => part.partNumber));
      expect(page.isTruncated).toBe(page.nextPartNumberMarker !== undefined);
      marker = page.nextPartNumberMarker;
    }
    expect(pages).toEqual([[1, 2], [3, 4], [5]]);
    expect((await listPartsOf(owner, id, uploadId, 'partNumberMarker=3')).json().parts.map((p: { size: number }) => p.size)).toEqual([
      6, 6,
    ]);
  });

  it('pages through the uploads by key (bytes) then upload id, under a prefix', async () => {
    const { id, owner } = await ossBucket(t, 'mp-uploads-pages');
    for (const key of ['b', 'a', 'c/x', 'a', 'B', 'c/y', 'a']) await uploadIdOf(owner, id, key);
    const seen: { key: string; uploadId: string }[] = [];
    let query = 'maxUploads=2';
    for (;;) {
      const page = (await listUploadsOf(owner, id, query)).json() as Listing;
      expect(page.uploads.length).toBeLessThanOrEqual(2);
      seen.push(...page.uploads.map(({ key, uploadId }) => ({ key, uploadId })));
      if (!page.isTruncated) break;
      query = `maxUploads=2&keyMarker=${encodeURIComponent(page.nextKeyMarker ?? '')}&uploadIdMarker=${page.nextUploadIdMarker}`;
    }
    expect(seen.map((upload) => upload.key)).toEqual(['B', 'a', 'a', 'a', 'b', 'c/x', 'c/y']);
    const sameKey = seen.filter((upload) => upload.key === 'a').map((upload) => upload.uploadId);
    expect(sameKey).toEqual([...sameKey].sort());
    expect(new Set(seen.map((upload) => upload.uploadId)).size).toBe(7);
    const underC = (await listUploadsOf(owner, id, 'prefix=c%2F')).json() as Listing;
    expect(underC.uploads.map((upload) => upload.key)).toEqual(['c/x', 'c/y']);
    const afterA = (await listUploadsOf(owner, id, 'keyMarker=a')).json() as Listing;
    expect(afterA.uploads.map((upload) => upload.key)).toEqual(['b', 'c/x', 'c/y']);
  });
});
