import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/factories/suite.ts';

const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
// Registered before the app's hooks: the files exist before the app is built and go after it is closed.
beforeAll(() => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
const { t } = appPerFile(undefined, { env: { WEB_DIST_DIR: dist } });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('answers every page address with the SPA, revalidated on each visit', async () => {
    for (const url of ['/', '/OSWorkbench', '/systemManage/organizationManage/user', '/login?return_to=%2F']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for good and answers a missing one with 404, not the page', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await get('/assets/app-old999.js')).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await get('/api/permission/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
