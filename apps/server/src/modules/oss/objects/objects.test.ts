import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileUrl, ossBucket, ossDataDir, putBytes, storedFiles, type OssCaller } from '../../../../test/factories/oss.ts';
import { appPerFile } from '../../../../test/factories/suite.ts';
import { multipartFiles } from '../../../../test/factories/uploads.ts';

const dataDir = ossDataDir();
const { t } = appPerFile(undefined, { env: { DATA_DIR: dataDir } });
const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest();
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const newBucket = (name: string, extra: Record<string, unknown> = {}) => ossBucket(t, name, extra);
const keysOf = (listing: { objects: { key: string }[] }) => listing.objects.map((object) => object.key);
const list = (as: OssCaller, bucketId: string, query: string) => as({ method: 'GET', url: `/v1/buckets/${bucketId}/fs?${query}` });

describe('storing and reading objects', () => {
  it('puts, reads whole and by range, and reports size, MD5 and SHA-256', async () => {
    const { id, owner } = await newBucket('objects-basic');
    const put = await putBytes(owner, id, 'docs/hello.txt', 'hello world', { 'content-type': 'text/plain' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      key: 'docs/hello.txt',
      size: 11,
      contentType: 'text/plain',
      etag: md5('hello world').toString('hex'),
      sha256: sha256('hello world').toString('hex'),
    });
    const whole = await owner({ method: 'GET', url: fileUrl(id, 'docs/hello.txt') });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('hello world');
    expect(whole.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'accept-ranges': 'bytes', 'content-length': '11' });
    expect(whole.headers['content-disposition']).toBe(`inline; filename="hello.txt"; filename*=UTF-8''hello.txt`);
    const part = await owner({ method: 'GET', url: fileUrl(id, 'docs/hello.txt'), headers: { range: 'bytes=6-' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('world');
    expect(part.headers['content-range']).toBe('bytes 6-10/11');
    const suffix = await owner({ method: 'GET', url: fileUrl(id, 'docs/hello.txt'), headers: { range: 'bytes=-3' } });
    expect([suffix.statusCode, suffix.body]).toEqual([206, 'rld']);
    const outside = await owner({ method: 'GET', url: fileUrl(id, 'docs/hello.txt'), headers: { range: 'bytes=11-20' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */11');
    const replaced = await putBytes(owner, id, 'docs/hello.txt', 'bye');
    expect(replaced.json().size).toBe(3);
    expect((await owner({ method: 'GET', url: fileUrl(id, 'docs/hello.txt') })).body).toBe('bye');
    expect(storedFiles(dataDir).length).toBeGreaterThan(0);
  });

  it('stores a PUT body of any declared type, or none, as the bytes sent (JSON is not parsed)', async () => {
    const { id, owner } = await newBucket('objects-raw');
    const json = await putBytes(owner, id, 'data.json', '{"a": 1}', { 'content-type': 'application/json' });
    expect(json.json()).toMatchObject({ size: 8, contentType: 'application/json' });
    expect((await owner({ method: 'GET', url: fileUrl(id, 'data.json') })).body).toBe('{"a": 1}');
    const untyped = await owner({ method: 'PUT', url: fileUrl(id, 'untyped'), payload: Buffer.from('raw bytes') });
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(untyped.json().size).toBe(9);
  });

  it('tells the type from the content: HTML declared as an image is not believed, and nothing but safe types shows inline', async () => {
    const { id, owner } = await newBucket('objects-types');
    expect((await putBytes(owner, id, 'pixel.bin', PNG, { 'content-type': 'text/html' })).json().contentType).toBe('image/png');
    const html = await putBytes(owner, id, 'page.png', '<html><script>alert(1)</script></html>', { 'content-type': 'image/png' });
    expect(html.json().contentType).toBe('application/octet-stream');
    const declaredHtml = await putBytes(owner, id, 'page.html', '<html></html>', { 'content-type': 'text/html' });
    expect(declaredHtml.json().contentType).toBe('text/html');
    const download = await owner({ method: 'GET', url: fileUrl(id, 'page.html') });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    const svg = await putBytes(owner, id, 'logo ünï "x".svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', {
      'content-type': 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(200);
    const svgDownload = await owner({ method: 'GET', url: fileUrl(id, 'logo ünï "x".svg') });
    expect(svgDownload.headers['content-disposition']).toBe(
      `attachment; filename="logo _n_ _x_.svg"; filename*=UTF-8''logo%20%C3%BCn%C3%AF%20%22x%22.svg`,
    );
    const png = await owner({ method: 'GET', url: fileUrl(id, 'pixel.bin') });
    expect(png.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('verifies declared checksums and lengths, and a mismatch leaves nothing behind', async () => {
    const { id, owner } = await newBucket('objects-checksums');
    const before = storedFiles(dataDir).length;
    const goodHeaders = { 'content-md5': md5('abc').toString('base64'), 'x-amz-checksum-sha256': sha256('abc').toString('base64') };
    expect((await putBytes(owner, id, 'ok', 'abc', goodHeaders)).statusCode).toBe(200);
    const wrong: Record<string, string>[] = [
      { 'content-md5': md5('abd').toString('base64') },
      { 'x-amz-checksum-sha256': sha256('abd').toString('base64') },
    ];
    for (const headers of wrong) {
      const refused = await putBytes(owner, id, 'bad', 'abc', headers);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details.field).toBe(Object.keys(headers)[0]);
    }
    expect((await owner({ method: 'GET', url: fileUrl(id, 'bad') })).statusCode).toBe(404);
    expect(storedFiles(dataDir).length).toBe(before + 1);
    expect(storedFiles(dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('refuses keys with control characters, dot segments, empty segments or over 1024 bytes', async () => {
    const { id, owner } = await newBucket('objects-keys');
    for (const key of [
      'a\u0000b',
      'a\nb',
      'tab\there',
      '../etc/passwd',
      'a/../../b',
      './x',
      'a//b',
      '/lead',
      'x/.',
      'é'.repeat(513),
      'folder/',
    ]) {
      const refused = await putBytes(owner, id, key, 'x');
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
    }
    expect((await putBytes(owner, id, 'ü'.repeat(512), 'x')).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: fileUrl(id, '../../../../etc/passwd') })).statusCode).toBe(400);
    for (const key of ['a/../', '\ud800/', 'a\u0085/', '//']) {
      expect((await owner({ method: 'POST', url: `/v1/buckets/${id}/dir`, payload: { key } })).statusCode, JSON.stringify(key)).toBe(400);
    }
    expect(storedFiles(dataDir).every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
  });

  it('enforces the per-upload limit, the bytes quota (413 naming the limit) and the object quota (409)', async () => {
    const { id, owner } = await newBucket('objects-quotas', { maxUploadBytes: 10, quotaBytes: 15, quotaObjects: 3 });
    const tooBig = await putBytes(owner, id, 'big', 'x'.repeat(11));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().details).toEqual({ limit: 'maxUploadBytes', bytes: 10 });
    expect((await putBytes(owner, id, 'a', 'x'.repeat(10))).statusCode).toBe(200);
    const overQuota = await putBytes(owner, id, 'b', 'x'.repeat(6));
    expect(overQuota.statusCode).toBe(413);
    expect(overQuota.json().details).toEqual({ limit: 'quotaBytes', bytes: 5 });
    // Replacing an object frees its own bytes first.
    expect((await putBytes(owner, id, 'a', 'x'.repeat(9))).statusCode).toBe(200);
    expect((await putBytes(owner, id, 'b', 'x')).statusCode).toBe(200);
    expect((await putBytes(owner, id, 'c', 'x')).statusCode).toBe(200);
    const full = await putBytes(owner, id, 'd', '');
    expect(full.statusCode).toBe(409);
    expect(full.json().details.limit).toBe('quotaObjects');
    expect(storedFiles(dataDir).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('uploads a multipart/form-data file under a folder, the declared type not trusted', async () => {
    const { id, owner } = await newBucket('objects-upload');
    const form = multipartFiles([{ filename: 'pic.png', type: 'text/html', bytes: PNG }]);
    const uploaded = await owner({
      method: 'POST',
      url: `/v1/buckets/${id}/upload?prefix=photos%2F`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ key: 'photos/pic.png', contentType: 'image/png', size: PNG.length });
    // The part's file name counts by its last segment only.
    const climbing = multipartFiles([{ filename: '../../x', bytes: PNG }]);
    const flattened = await owner({
      method: 'POST',
      url: `/v1/buckets/${id}/upload`,
      payload: climbing.payload,
      headers: climbing.headers,
    });
    expect(flattened.json().key).toBe('x');
    const badFolder = await owner({
      method: 'POST',
      url: `/v1/buckets/${id}/upload?prefix=..%2F`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(badFolder.statusCode).toBe(400);
    const notForm = await owner({ method: 'POST', url: `/v1/buckets/${id}/upload`, payload: { a: 1 } });
    expect(notForm.statusCode).toBe(415);
  });
});

describe('listing, folders, renames and deletes', () => {
  it('lists by byte order with prefixes and delimiter, page by page', async () => {
    const { id, owner } = await newBucket('objects-listing');
    for (const key of ['a/1', 'a/2', 'a/b/3', 'b', 'B', 'c/1', 'c/2', 'd', 'é', 'a%_/x']) {
      expect((await putBytes(owner, id, key, key)).statusCode).toBe(200);
    }
    expect(keysOf((await list(owner, id, '')).json())).toEqual(['B', 'a%_/x', 'a/1', 'a/2', 'a/b/3', 'b', 'c/1', 'c/2', 'd', 'é']);
    const top = (await list(owner, id, 'delimiter=/')).json();
    expect([keysOf(top), top.prefixes]).toEqual([
      ['B', 'b', 'd', 'é'],
      ['a%_/', 'a/', 'c/'],
    ]);
    const inA = (await list(owner, id, 'prefix=a/&delimiter=/')).json();
    expect([keysOf(inA), inA.prefixes]).toEqual([['a/1', 'a/2'], ['a/b/']]);
    const pages: string[][] = [];
    let next: string | null = '';
    while (next !== null) {
      const page: { prefixes: string[]; objects: { key: string }[]; next: string | null } = (
        await list(owner, id, `delimiter=/&limit=2&startAfter=${encodeURIComponent(next)}`)
      ).json();
      pages.push([...page.prefixes, ...keysOf(page)]);
      next = page.next;
    }
    expect(pages.flat().sort()).toEqual(['B', 'a%_/', 'a/', 'b', 'c/', 'd', 'é'].sort());
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    expect((await list(owner, id, 'prefix=%2F..%2F')).statusCode).toBe(400);
  });

  it('creates folders, renames files and folders keeping the bytes, refuses taken keys, deletes', async () => {
    const { id, owner } = await newBucket('objects-renames');
    expect((await owner({ method: 'POST', url: `/v1/buckets/${id}/dir`, payload: { key: 'docs/' } })).json()).toMatchObject({
      key: 'docs/',
      size: 0,
    });
    expect((await owner({ method: 'POST', url: `/v1/buckets/${id}/dir`, payload: { key: 'docs/' } })).statusCode).toBe(409);
    expect((await owner({ method: 'POST', url: `/v1/buckets/${id}/dir`, payload: { key: 'nodash' } })).statusCode).toBe(400);
    await putBytes(owner, id, 'docs/a.txt', 'A');
    await putBytes(owner, id, 'docs/sub/b.txt', 'B');
    await putBytes(owner, id, 'other.txt', 'O');
    const rename = (from: string, to: string) => owner({ method: 'PATCH', url: `/v1/buckets/${id}/files`, payload: { from, to } });
    expect((await rename('other.txt', 'docs/a.txt')).statusCode).toBe(409);
    expect((await rename('missing.txt', 'x.txt')).statusCode).toBe(404);
    expect((await rename('docs/', 'docs/inner/')).statusCode).toBe(400);
    expect((await rename('other.txt', 'moved/other.txt')).json()).toEqual({ moved: 1 });
    expect((await rename('docs/', 'papers/')).json()).toEqual({ moved: 3 });
    expect(keysOf((await list(owner, id, '')).json())).toEqual(['moved/other.txt', 'papers/', 'papers/a.txt', 'papers/sub/b.txt']);
    expect((await owner({ method: 'GET', url: fileUrl(id, 'papers/sub/b.txt') })).body).toBe('B');
    expect((await owner({ method: 'DELETE', url: fileUrl(id, 'papers/') })).statusCode).toBe(409);
    expect((await owner({ method: 'DELETE', url: fileUrl(id, 'moved/other.txt') })).json()).toEqual({ ok: true });
    expect((await owner({ method: 'DELETE', url: fileUrl(id, 'moved/other.txt') })).statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: fileUrl(id, 'moved/other.txt') })).statusCode).toBe(404);
  });
});
