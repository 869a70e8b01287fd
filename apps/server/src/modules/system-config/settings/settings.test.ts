import {
  DEFAULT_PRODUCT_NAME,
  DEFAULT_SETTINGS,
  type AuthSettings,
  type BaseSettings,
  type OAuthConfig,
  type OpenSystemConfig,
  type SafeSettings,
  walkCatalogue,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/app.ts';
import { adminId, auditOf, makeRole, makeUser, tokenOf, useModuleApp } from '../../../../test/factories/identity.ts';
import { restoreDefaultSettings } from '../../../../test/factories/settings.ts';
import { BASE_PART_POINTS, WHOLE_BASE_POINT } from './base-parts.ts';

const { t, api } = useModuleApp('/api/system-config');

const base = (change: Partial<BaseSettings> = {}): BaseSettings => ({ ...DEFAULT_SETTINGS.base, ...change });
const auth = (change: Partial<AuthSettings> = {}): AuthSettings => ({ ...DEFAULT_SETTINGS.auth, ...change });
const safe = (change: Partial<SafeSettings> = {}): SafeSettings => ({ ...DEFAULT_SETTINGS.safe, ...change });
const openConfig = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/system-config/open/agg/system/portal/config', headers });

describe('the system settings', () => {
  it('answer the defaults, version 0, while nothing was saved', async () => {
    for (const section of ['base', 'auth', 'safe'] as const) {
      const response = await api.get(`/${section}/portal`);
      expect(response.statusCode, section).toBe(200);
      expect(response.json()).toEqual({ version: 0, changedAt: null, value: DEFAULT_SETTINGS[section] });
      expect((await api.get(`/${section}/portal/versions`)).json()).toMatchObject({ list: [], total: 0 });
    }
  });

  it('save a whole section as its next version, read back at once, also by the other modules', async () => {
    const value = auth({ accessTokenMinutes: 5, captchaAfterFailures: 5 });
    const saved = await api.put('/auth/portal', value);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 1, value });
    expect(Date.parse(saved.json().changedAt)).not.toBeNaN();
    expect((await api.get('/auth/portal')).json()).toEqual(saved.json());
    expect(await t.app.modules.systemConfig.settings.auth()).toEqual(value);
    expect((await api.put('/auth/portal', DEFAULT_SETTINGS.auth)).json()).toMatchObject({ version: 2, value: DEFAULT_SETTINGS.auth });
  });

  it('refuse bad input with 400 naming the field, and change nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['base', base({ defaultTheme: { mode: 'light', brandColor: 'red' } }), 'body.defaultTheme.brandColor'],
      ['base', { ...base(), extra: true }, 'body.extra'],
      ['base', base({ logo: 'javascript:alert(1)' }), 'body.logo'],
      ['base', base({ defaultLayout: { navStyle: 'LEFT', leftMenuWidth: 10_000, topMenuHeight: 56 } }), 'body.defaultLayout.leftMenuWidth'],
      [
        'base',
        { ...base(), loginPage: { ...base().loginPage, showOptions: { rememberMe: true } } },
        'body.loginPage.showOptions.forgotPassword',
      ],
      ['auth', auth({ accessTokenMinutes: 0 }), 'body.accessTokenMinutes'],
      ['auth', auth({ refreshTokenDays: 1000 }), 'body.refreshTokenDays'],
      ['auth', auth({ signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, sso: true } as never }), 'body.signInOptions.sso'],
      ['auth', auth({ signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, password: false } }), 'body.signInOptions.password'],
      ['auth', auth({ signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, smsCode: true } }), 'body.signInOptions.smsCode'],
      // A session's use is seen at each refresh: an idle limit under the token's life would end busy sessions.
      ['auth', auth({ accessTokenMinutes: 10, sessionIdleMinutes: 5 }), 'body.sessionIdleMinutes'],
      ['safe', safe({ password: { ...DEFAULT_SETTINGS.safe.password, minLength: 4 } }), 'body.password.minLength'],
      ['safe', safe({ lockout: { afterFailures: 10, minutes: 0 } }), 'body.lockout.minutes'],
      ['safe', safe({ mfaRequired: 'sometimes' as never }), 'body.mfaRequired'],
      [
        'safe',
        safe({ password: { ...DEFAULT_SETTINGS.safe.password, requireClasses: { lower: 4, upper: 4, digit: 1, symbol: 0 } } }),
        'body.password.requireClasses',
      ],
    ];
    const before = await Promise.all(['base', 'auth', 'safe'].map(async (section) => (await api.get(`/${section}/portal`)).json()));
    for (const [section, body, field] of cases) {
      const response = await api.put(`/${section}/portal`, body);
      expect(response.statusCode, `${section} ${field}`).toBe(400);
      expect(response.json().details, `${section} ${field}`).toMatchObject({ field });
    }
    const after = await Promise.all(['base', 'auth', 'safe'].map(async (section) => (await api.get(`/${section}/portal`)).json()));
    expect(after).toEqual(before);
  });

  it('know one system only: any other id is 404', async () => {
    const calls = [
      api.get('/base/other'),
      api.put('/auth/other', auth()),
      api.get('/safe/other/versions'),
      api.get('/safe/other/versions/1'),
      api.post('/base/other/versions/1/restore'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/system-config/open/agg/system/other/config' })).statusCode).toBe(404);
  });

  it('are read with the query point and changed only with the update point', async () => {
    const stranger = await makeUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/system-config/safe/portal', headers: bearer(await tokenOf(t, stranger)) }))
        .statusCode,
    ).toBe(403);
    const reader = await makeUser(t, { roleIds: [(await makeRole(t, { resources: ['systemManage:systemSetting:query'] })).id] });
    const headers = bearer(await tokenOf(t, reader));
    expect((await t.app.inject({ method: 'GET', url: '/api/system-config/safe/portal', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/system-config/safe/portal/versions', headers })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'PUT', url: '/api/system-config/safe/portal', headers, payload: safe() });
    expect(write.statusCode).toBe(403);
  });
});

describe('the history of a section', () => {
  it('lists versions newest first, with who saved them, paged', async () => {
    const names = ['First', 'Second', 'Third'];
    for (const systemName of names) expect((await api.put('/base/portal', base({ systemName }))).statusCode).toBe(200);
    const page = (await api.get('/base/portal/versions')).json();
    expect(page.total).toBe(3);
    expect(page.list.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(page.list[0]).toMatchObject({ changedBy: 'Administrator', restoredFrom: null });
    expect((await api.get('/base/portal/versions?page=2&size=1')).json().list).toMatchObject([{ version: 2 }]);
    expect((await api.get('/base/portal/versions/1')).json()).toMatchObject({ version: 1, value: { systemName: 'First' } });
    expect((await api.get('/base/portal/versions/99')).statusCode).toBe(404);
  });

  it('restores an old value as a new version that names it', async () => {
    const restored = await api.post('/base/portal/versions/1/restore');
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ version: 4, value: { systemName: 'First' } });
    expect((await api.get('/base/portal')).json()).toMatchObject({ version: 4, value: { systemName: 'First' } });
    expect((await api.get('/base/portal/versions?size=1')).json().list).toMatchObject([{ version: 4, restoredFrom: 1 }]);
    expect((await api.post('/base/portal/versions/99/restore')).statusCode).toBe(404);
  });

  it('records each change in the audit log with the value before and after, policy included', async () => {
    const policy = { ...DEFAULT_SETTINGS.safe.password, minLength: 12 };
    expect((await api.put('/safe/portal', safe({ password: policy }))).statusCode).toBe(200);
    const [entry] = await auditOf(t, 'settings.update', 'safe');
    expect(entry).toMatchObject({
      actorId: await adminId(t),
      targetType: 'settings',
      before: { version: 0, value: DEFAULT_SETTINGS.safe },
      after: { version: 1, value: { password: policy } },
    });
    const [restore] = await auditOf(t, 'settings.restore', 'base');
    expect(restore).toMatchObject({ after: { version: 4, restoredFrom: 1, value: { systemName: 'First' } } });
  });

  it('gives saves made at once a version each', async () => {
    const before = (await api.get('/auth/portal')).json().version as number;
    const saves = await Promise.all([1, 2, 3, 4, 5].map((n) => api.put('/auth/portal', auth({ accessTokenMinutes: n }))));
    expect(saves.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const versions = saves.map((response) => response.json().version as number).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
  });
});

describe('the public configuration', () => {
  it('answers without sign-in what the sign-in page needs, and nothing of the safe policy beyond the hint', async () => {
    await api.put('/safe/portal', safe({ lockout: { afterFailures: 7, minutes: 42 }, mfaRequired: 'everyone' }));
    const response = await openConfig();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.json<OpenSystemConfig>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'colourSchemas',
        'defaultLanguage',
        'defaultLayout',
        'defaultTheme',
        'icon',
        'identityProviders',
        'loginPage',
        'logo',
        'passwordHint',
        'signInOptions',
        'systemName',
      ].sort(),
    );
    expect(body.passwordHint).toEqual({ minLength: 8, requireClasses: DEFAULT_SETTINGS.safe.password.requireClasses });
    expect(body).toMatchObject({ identityProviders: [], colourSchemas: [] });
    for (const secret of ['lockout', 'afterFailures', 'mfaRequired', 'everyone', 'expiryDays', 'historyCount', 'accessTokenMinutes'])
      expect(response.body, secret).not.toContain(secret);
  });

  it('follows a change at once on this instance, and answers 304 to its current entity tag only', async () => {
    await api.put(
      '/auth/portal',
      auth({ signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, qr: false, registrationCaptcha: true } }),
    );
    await api.put('/base/portal', base({ systemName: null }));
    const first = await openConfig();
    expect(first.json()).toMatchObject({ systemName: DEFAULT_PRODUCT_NAME, signInOptions: ['password'] });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await openConfig({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await openConfig({ 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

    await api.put('/base/portal', base({ systemName: 'Acme Works' }));
    const changed = await openConfig({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ systemName: 'Acme Works' });
    expect(changed.headers.etag).not.toBe(etag);
    const oauth = await t.app.inject({ method: 'GET', url: '/api/reception-center/oauth/config' });
    expect(oauth.json<OAuthConfig>().systemName).toBe('Acme Works');

    await api.put(
      '/auth/portal',
      auth({ signInOptions: { ...DEFAULT_SETTINGS.auth.signInOptions, registration: true, registrationCaptcha: true } }),
    );
    expect((await openConfig()).json().signInOptions).toEqual(['password', 'qr', 'registration', 'registrationCaptcha']);
  });

  it('offers the colour schemes, the top one first, and follows their changes at once', async () => {
    const first = await api.post('/color-schemas', { name: 'Harbour', primary: '#1D4ED8', colours: { success: '#16A34A' } });
    const second = await api.post('/color-schemas', { name: 'Amber', primary: '#d97706' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const harbour = { id: first.json().id, name: 'Harbour', primary: '#1d4ed8', colours: { success: '#16a34a' } };
    expect((await openConfig()).json<OpenSystemConfig>().colourSchemas).toEqual([
      { ...harbour, top: true },
      { id: second.json().id, name: 'Amber', primary: '#d97706', colours: {}, top: false },
    ]);
    expect((await api.put('/color-schemas/top', { id: second.json().id })).statusCode).toBe(200);
    expect((await openConfig()).json<OpenSystemConfig>().colourSchemas.map((scheme) => [scheme.name, scheme.top])).toEqual([
      ['Amber', true],
      ['Harbour', false],
    ]);
  });
});

describe('the base section saved from the part pages', () => {
  // Last in the file: it adds base versions, which the history's tests above count from the start.
  it("keep the sign-in page's and the themes' editors to their own fields of the base section", async () => {
    // The tests above leave other settings in force (a required authenticator app among them).
    await restoreDefaultSettings(t);
    const catalogue = new Set([...walkCatalogue()].map(({ resource }) => resource));
    for (const { point } of [{ point: WHOLE_BASE_POINT }, ...BASE_PART_POINTS]) expect(catalogue, point).toContain(point);
    const holding = async (resources: string[]) =>
      bearer(await tokenOf(t, await makeUser(t, { roleIds: [(await makeRole(t, { resources })).id] })));
    const save = (headers: Record<string, string>, value: BaseSettings) =>
      t.app.inject({ method: 'PUT', url: '/api/system-config/base/portal', headers, payload: value });
    const current = async () => (await api.get('/base/portal')).json().value as BaseSettings;

    const themes = await holding(['systemManage:navManage:themeSetting:update']);
    const dark = { ...(await current()), defaultTheme: { mode: 'dark' as const, brandColor: '#13c2c2' } };
    expect((await save(themes, dark)).statusCode).toBe(200);
    const renamed = await save(themes, { ...dark, systemName: 'Taken over' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ code: 'FORBIDDEN', details: { fields: ['systemName'] } });

    const signInPage = await holding(['systemManage:systemStyle:loginSetting:update']);
    const designed = { ...(await current()), loginPage: { ...(await current()).loginPage, title: 'Welcome' } };
    expect((await save(signInPage, designed)).statusCode).toBe(200);
    const retheme = await save(signInPage, { ...designed, defaultTheme: { mode: 'light', brandColor: '#304ffe' } });
    expect(retheme.json()).toMatchObject({ code: 'FORBIDDEN', details: { fields: ['defaultTheme'] } });

    const everything = await holding([WHOLE_BASE_POINT]);
    expect((await save(everything, base({ systemName: 'Renamed' }))).statusCode).toBe(200);
    expect((await current()).systemName).toBe('Renamed');
    expect((await api.put('/base/portal', base())).statusCode).toBe(200);
  });
});
