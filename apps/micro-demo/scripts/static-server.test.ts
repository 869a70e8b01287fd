import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor, startStaticServer, type StaticServer } from './static-server.ts';

describe('fileFor', () => {
  it('resolves inside the root and refuses paths that climb out of it', () => {
    expect(fileFor('/srv/dist', '/menu.json?x=1')).toBe('/srv/dist/menu.json');
    expect(fileFor('/srv/dist', '/../secret')).toBeNull();
    expect(fileFor('/srv/dist', '/%2e%2e/secret')).toBeNull();
    expect(fileFor('/srv/dist', '/..%2fdist-other/x')).toBeNull();
    expect(fileFor('/srv/dist', '/%E0%A4%A')).toBeNull();
  });
});

describe('startStaticServer', () => {
  let server: StaticServer;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'micro-demo-serve-'));
    writeFileSync(join(dir, 'micro-demo.js'), 'export const mount = 1;');
    writeFileSync(join(dir, 'menu.json'), '{"menu":[]}');
    server = await startStaticServer({ dir });
  });
  afterAll(() => server.close());

  it('serves the module as JavaScript to any origin', async () => {
    const response = await fetch(`${server.url}/micro-demo.js`, { headers: { Origin: 'http://portal.test' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('export const mount = 1;');
  });

  it('answers a preflight, and 404 or 405 for anything else', async () => {
    expect((await fetch(`${server.url}/menu.json`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/`)).status).toBe(404);
    expect((await fetch(`${server.url}/menu.json`, { method: 'POST' })).status).toBe(405);
  });
});
