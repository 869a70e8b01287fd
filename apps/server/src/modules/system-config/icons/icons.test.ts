import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { adminToken, auditOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { multipartFiles, type UploadPart } from '../../../../test/factories/uploads.ts';
import { menus } from '../../../../test/tables.ts';
import { asSystem } from '../../../platform/db/actor.ts';
import { HOSTILE_SVGS, REFUSED_SVGS } from './hostile-svgs.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-icons-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const PREFIX = '/api/system-config';
const { t, api } = useModuleApp(PREFIX, { env: { DATA_DIR: dataDir } });

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4"/></svg>');

async function upload(classification: string, parts: UploadPart[]) {
  const { payload, headers } = multipartFiles(parts);
  return t.app.inject({
    method: 'POST',
    url: `${PREFIX}/icons/classification/${classification}`,
    headers: { ...bearer(await adminToken(t)), ...headers },
    payload,
  });
}
const storedFiles = () => readdirSync(join(dataDir, 'objects', 'icons'), { withFileTypes: true }).filter((f) => f.isFile()).length;
const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const useIcon = (resource: string, icon: string | null) =>
  asSystem(t.database.db, (db) => db.update(menus).set({ icon }).where(eq(menus.resource, resource)));

describe('icons', () => {
  it('stores an upload of several files, typed by their bytes, and serves them with cache, ETag and a strict policy', async () => {
    const response = await upload('menu', [
      { filename: 'home.png', type: 'image/svg+xml', bytes: PNG },
      { filename: 'spin.gif', bytes: GIF },
      { filename: 'photo.webp', bytes: WEBP },
      { filename: 'user.jpg', bytes: JPEG },
      { filename: 'dot.svg', type: 'image/png', bytes: SVG },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const types = Object.fromEntries(response.json().map((icon: { name: string; contentType: string }) => [icon.name, icon.contentType]));
    expect(types).toEqual({ home: 'image/png', spin: 'image/gif', photo: 'image/webp', user: 'image/jpeg', dot: 'image/svg+xml' });
    expect(storedFiles()).toBe(5);
    expect((await auditOf(t, 'icons.upload'))[0]?.targetId).toBe('menu');

    expect((await api.get('/icons/classification')).json()).toEqual([{ classification: 'menu', count: 5 }]);
    const page = (await api.get('/icons/classification/menu?keyword=o&size=2')).json();
    expect(page).toMatchObject({ total: 3, size: 2 });
    expect(page.list.map((icon: { name: string }) => icon.name)).toEqual(['dot', 'home']);

    const [dot] = page.list as { url: string; sha256: string }[];
    const served = await open(dot?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${dot?.sha256}"`,
    });
    expect(served.body).toContain('<circle r="4">');
    const unversioned = await open(`${PREFIX}/open/icons/menu/home`);
    expect(unversioned.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, no-cache' });
    expect(unversioned.rawPayload.equals(PNG)).toBe(true);
    expect((await open(`${PREFIX}/open/icons/menu/home`, { 'if-none-match': String(unversioned.headers.etag) })).statusCode).toBe(304);
    expect((await open(`${PREFIX}/open/icons/other/home`)).statusCode).toBe(404);
  });

  it('answers the icon schema without sign-in, following every change', async () => {
    const before = (await open(`${PREFIX}/open/system/icon-schema`)).json();
    expect(before.classifications).toEqual([expect.objectContaining({ classification: 'menu' })]);
    expect(before.classifications[0].icons.map((icon: { name: string }) => icon.name)).toEqual(['dot', 'home', 'photo', 'spin', 'user']);
    expect((await upload('brand', [{ filename: 'logo.svg', bytes: SVG }])).statusCode).toBe(200);
    const after = (await open(`${PREFIX}/open/system/icon-schema`)).json();
    expect(after.classifications.map((c: { classification: string }) => c.classification)).toEqual(['brand', 'menu']);
    expect(after.classifications[0].icons[0]).toMatchObject({
      name: 'logo',
      url: expect.stringMatching(/^\/api\/system-config\/open\/icons\/brand\/logo\?v=[0-9a-f]{16}$/),
    });
  });

  it('refuses bad files with a 400 naming each, and stores nothing of the upload', async () => {
    const files = storedFiles();
    const refused = async (parts: UploadPart[], pattern: RegExp) => {
      const response = await upload('menu', [{ filename: 'fine.png', bytes: PNG }, ...parts]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(pattern);
    };
    await refused([{ filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(256 * 1024)]) }], /big\.png: larger than 256 KB/);
    await refused([{ filename: 'fake.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not an image') }], /fake\.png: not a PNG/);
    await refused([{ filename: 'bad name.png', bytes: PNG }], /bad name\.png: the file name/);
    await refused([{ filename: 'empty.svg', bytes: Buffer.alloc(0) }], /empty\.svg: empty/);
    await refused([{ filename: 'fine.gif', bytes: GIF }], /fine\.gif: another file of this upload has the same name/);
    for (const { name, svg } of REFUSED_SVGS)
      await refused([{ filename: `${name}.svg`, bytes: Buffer.from(svg) }], new RegExp(`${name}\\.svg`));
    expect(storedFiles()).toBe(files);
    expect((await api.get('/icons/classification/menu?keyword=fine')).json().total).toBe(0);

    const taken = await upload('other', [{ filename: 'home.svg', bytes: SVG }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', details: { names: ['home'] } });
    expect((await api.post('/icons/classification/menu', { file: 'x' })).statusCode).toBe(415);
    expect((await upload('menu', [])).statusCode).toBe(400);
    expect(storedFiles()).toBe(files);
  });

  it('cleans hostile SVGs before storing them: the stored bytes hold none of the hostile parts', async () => {
    const response = await upload(
      'hostile',
      HOSTILE_SVGS.map(({ name, svg }) => ({ filename: `${name}.svg`, bytes: Buffer.from(svg) })),
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const { name, forbidden } of HOSTILE_SVGS) {
      const served = (await open(`${PREFIX}/open/icons/hostile/${name}`)).body.toLowerCase();
      for (const part of forbidden) expect(served, `${name}: ${part}`).not.toContain(part.toLowerCase());
    }
  });

  it('deletes icons, keeping those a menu shows unless forced, and cleans up the unused ones', async () => {
    await useIcon('systemManage:overView', 'home');
    const kept = await api.delete('/icons/classification/menu', { names: ['home', 'spin'] });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({
      removed: ['spin'],
      warnings: [{ name: 'home', menus: [expect.objectContaining({ resource: 'systemManage:overView' })] }],
    });
    expect((await api.delete('/icons/classification/menu', { names: ['spin'] })).statusCode).toBe(404);
    expect((await auditOf(t, 'icons.delete'))[0]?.before).toMatchObject([{ name: 'spin' }]);

    await useIcon('systemManage:auditLog', 'user');
    const cleaned = await api.post('/icons/clean-up', { classification: 'menu' });
    expect(
      cleaned
        .json()
        .removed.map((icon: { name: string }) => icon.name)
        .sort(),
    ).toEqual(['dot', 'photo']);
    expect((await api.get('/icons/classification/menu')).json().list.map((icon: { name: string }) => icon.name)).toEqual(['home', 'user']);
    expect((await api.get('/icons/classification')).json()).toContainEqual({ classification: 'brand', count: 1 });

    const forced = await api.delete('/icons/classification/menu', { names: ['home'], force: true });
    expect(forced.json()).toMatchObject({ removed: ['home'], warnings: [{ name: 'home' }] });
    await useIcon('systemManage:overView', null);
    const everything = await api.post('/icons/clean-up', {});
    expect(everything.json().removed.map((icon: { name: string }) => icon.name)).toContain('logo');
    expect((await api.get('/icons/classification')).json()).toEqual([{ classification: 'menu', count: 1 }]);
    expect(storedFiles()).toBe(1);
    expect((await auditOf(t, 'icons.clean-up')).length).toBe(2);
  });

  it('removes the files no icon names once they are old enough not to be an upload in progress', async () => {
    const icons = join(dataDir, 'objects', 'icons');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const file = (name: string, old: boolean) => {
      writeFileSync(join(icons, name), 'bytes');
      if (old) utimesSync(join(icons, name), anHourAgo, anHourAgo);
    };
    file('orphan-old', true);
    file('orphan-old.tmp-0123456789ab', true);
    file('orphan-new', false);
    const before = storedFiles();
    const cleaned = await api.post('/icons/clean-up', {});
    expect(cleaned.json()).toEqual({ removed: [], orphanFilesRemoved: 2 });
    expect(storedFiles()).toBe(before - 2);
    expect(readdirSync(icons)).toContain('orphan-new');
  });
});
