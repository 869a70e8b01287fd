import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../app.ts';
import { registerApplication } from '../factories/applications.ts';
import { useAdminApp } from '../factories/identity.ts';
import { applications } from '../../src/modules/permission/tables.ts';
import { signInSessions } from '../../src/modules/reception-center/tables.ts';
import { APPLICATIONS_CHANGED_TOPIC } from '../../src/modules/permission/applications/micro-origins.ts';

const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
// Registered before the app's hooks: the files exist before the app is built and go after it is closed.
beforeAll(() => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>portal</title><script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});
const { t, api } = useAdminApp({ env: { WEB_DIST_DIR: dist } });

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

/** The policy's directives by name: 'script-src' → ["'self'", …]. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

const scriptSources = async (url = '/api/health') => directives((await get(t, url)).headers['content-security-policy']).get('script-src');

describe('security headers', () => {
  it.each(['/', '/login', '/api/health', '/api/docs', '/api/docs/json', '/assets/app-abc123.js', '/api/permission/nothing-here'])(
    'are on %s',
    async (url) => {
      const response = await get(t, url);
      if (url === '/' || url === '/login') {
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toContain('<title>portal</title>');
      }
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'self'", 'blob:', 'http:', 'https:']);
      expect(csp.get('style-src')).toContain("'unsafe-inline'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('serves the API docs page with scripts from files only, which the policy admits', async () => {
    const page = await get(t, '/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await get(t, '/api/docs/static/swagger-initializer.js')).statusCode).toBe(200);
  });
});

describe('script sources of MicroWeb applications', () => {
  it('admits the origin of an enabled MicroWeb application, and no longer once it is disabled, moved or deleted', async () => {
    const micro = await registerApplication(api, { type: 'MicroWeb', appUrl: 'http://micro.example:5175/micro-demo.js' });
    expect(await scriptSources()).toEqual(["'self'", 'http://micro.example:5175']);
    const connect = directives((await get(t, '/')).headers['content-security-policy']).get('connect-src');
    expect(connect).toEqual(["'self'", 'http://micro.example:5175']);

    expect((await api.patch(`/applications/${micro.id}/state`, { state: 'disabled' })).statusCode).toBe(200);
    expect(await scriptSources()).toEqual(["'self'"]);
    expect((await api.patch(`/applications/${micro.id}/state`, { state: 'enabled' })).statusCode).toBe(200);
    expect(await scriptSources()).toEqual(["'self'", 'http://micro.example:5175']);

    const moved = await api.put(`/applications/${micro.id}`, {
      instant: micro.instant,
      name: micro.name,
      type: 'MicroWeb',
      appUrl: 'https://apps.example/m.js',
    });
    expect(moved.statusCode).toBe(200);
    expect(await scriptSources('/')).toEqual(["'self'", 'https://apps.example']);

    expect((await api.delete(`/applications/${micro.id}`)).statusCode).toBe(200);
    expect(await scriptSources()).toEqual(["'self'"]);
  });

  it('admits neither third-party pages nor MicroWeb modules served by the portal itself', async () => {
    const third = await registerApplication(api, { type: 'WebThird', appUrl: 'https://third.example/page' });
    const local = await registerApplication(api, { type: 'MicroWeb', appUrl: '/micro/local.js' });
    expect(await scriptSources()).toEqual(["'self'"]);
    await api.delete(`/applications/${third.id}`);
    await api.delete(`/applications/${local.id}`);
  });

  it('follows a change announced by another instance', async () => {
    const micro = await registerApplication(api, { type: 'MicroWeb', appUrl: 'http://other.example/m.js' });
    expect(await scriptSources()).toEqual(["'self'", 'http://other.example']);
    // Another instance edits the row: unseen here (the origins are cached) until it is announced on the bus.
    await t.database.db.update(applications).set({ appUrl: 'http://elsewhere.example/m.js' }).where(eq(applications.id, micro.id));
    expect(await scriptSources()).toEqual(["'self'", 'http://other.example']);
    await t.events.publish(APPLICATIONS_CHANGED_TOPIC, '');
    expect(await scriptSources()).toEqual(["'self'", 'http://elsewhere.example']);
    await api.delete(`/applications/${micro.id}`);
  });
});

describe('behind a TLS-terminating proxy', () => {
  let behind: TestApp;
  beforeAll(async () => {
    behind = await buildTestApp({ PUBLIC_URL: 'https://portal.test', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => behind.close());

  it('sends HSTS and upgrades insecure requests when PUBLIC_URL is https', async () => {
    const response = await get(behind, '/api/health');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('takes the client address from X-Forwarded-For of a trusted proxy only', async () => {
    const signIn = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/reception-center/oauth/jwt',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: { username: 'admin', password: ADMIN_PASSWORD },
      });
    const addressOf = async (app: TestApp, response: Awaited<ReturnType<typeof signIn>>) => {
      expect(response.statusCode).toBe(200);
      const [latest] = await app.database.db.select().from(signInSessions).orderBy(desc(signInSessions.createdAt)).limit(1);
      return latest?.ip;
    };
    expect(await addressOf(behind, await signIn(behind))).toBe('203.0.113.7');
    // TRUST_PROXY unset (the default): the header is the client's own claim, and ignored.
    expect(await addressOf(t, await signIn(t))).toBe('127.0.0.1');
  });
});
