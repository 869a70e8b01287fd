import type { OAuthConfig } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { serializeParams } from '../../api/query.ts';
import { authorizeUrl, isPublicPath, logoutLocation, readCallback, safeLocalPath, signInTarget } from './urls.ts';

const config: OAuthConfig = {
  clientId: 'portal-web',
  redirectUri: 'http://localhost:8080/auth',
  authorizeUrl: '/api/reception-center/oauth/authorize',
  tokenUrl: '/api/reception-center/oauth/token',
  logoutUrl: '/api/reception-center/oauth/logout',
  systemName: 'Portal',
  signInOptions: { password: true, qrcode: true, mobile: false, registration: false },
};

describe('authorizeUrl', () => {
  it('asks for a code with PKCE S256 and the registered redirect URI', () => {
    const url = new URL(authorizeUrl(config, { state: '17', challenge: 'abc' }), 'http://x');
    expect(url.pathname).toBe('/api/reception-center/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'portal-web',
      redirect_uri: 'http://localhost:8080/auth',
      scope: 'openid profile',
      state: '17',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
    });
    expect(url.search).toContain('scope=openid%20profile');
  });
});

describe('readCallback', () => {
  it('needs both code and state', () => {
    expect(readCallback('?code=c1&state=9')).toEqual({ kind: 'code', code: 'c1', state: '9' });
    expect(readCallback('?code=c1')).toBeNull();
    expect(readCallback('?state=9')).toBeNull();
    expect(readCallback('')).toBeNull();
  });
  it('recognises an OAuth error response', () => {
    expect(readCallback('?error=login_required&error_description=no&state=3')).toEqual({
      kind: 'error',
      error: 'login_required',
      description: 'no',
    });
  });
});

describe('safeLocalPath / signInTarget', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeLocalPath('/systemManage/overView?tab=2')).toBe('/systemManage/overView?tab=2');
    expect(safeLocalPath('/login')).toBe('/login');
    expect(signInTarget('/systemManage/overView?tab=2')).toBe('/systemManage/overView?tab=2');
  });
  it('refuses other origins and odd values', () => {
    for (const raw of ['https://evil.example/', '//evil.example', '/\\evil', 'relative', 42, undefined, null]) {
      expect(safeLocalPath(raw)).toBe('/OSWorkbench');
      expect(signInTarget(raw)).toBe('/');
    }
  });
  it('keeps targets that only look odd on this origin, as plain paths', () => {
    expect(safeLocalPath('/a/../OSWorkbench?x=1#y')).toBe('/OSWorkbench?x=1#y');
    expect(safeLocalPath('/OSWorkbench', '/', 'http://localhost:8080')).toBe('/OSWorkbench');
  });

  describe.each(['http://portal.invalid', 'http://localhost:8080', 'https://portal.example.com'])('on %s', (origin) => {
    it.each(['/\t/other-host/x', '/\n/other-host/x', '/\r/other-host/x', '/\t\n/other-host/x', '/\\\\other-host/x', '/\t\\other-host/x'])(
      'refuses %j, which the browser reads as another host',
      (raw) => {
        expect(safeLocalPath(raw, '/fallback', origin)).toBe('/fallback');
        expect(signInTarget(raw)).toBe('/');
      },
    );

    it.each(['/.//other-host/x', '/..//other-host/x', '/%2e//other-host/x', '/%2E%2e//other-host/x', '/./%2e/.//other-host/x'])(
      'turns %j into a path on this origin, never //other-host',
      (raw) => {
        const path = safeLocalPath(raw, '/fallback', origin);
        expect(path).toBe('/other-host/x');
        expect(new URL(path, origin).origin).toBe(origin);
      },
    );
  });

  it('never lands on the sign-in pages after signing in: without a deep link, the index route picks the first landing', () => {
    for (const raw of ['/auth?x=1', '/login', '/login?return_to=x', '/']) expect(signInTarget(raw)).toBe('/');
    expect(signInTarget('/OSWorkbench')).toBe('/OSWorkbench');
  });
});

describe('isPublicPath', () => {
  it('knows the public pages by first segment', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/500')).toBe(true);
    expect(isPublicPath('/OSWorkbench')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});

describe('query serialisation', () => {
  it('repeats arrays for the API and indexes them for oauth calls', () => {
    expect(serializeParams({ id: ['a', 'b'] })).toBe('id=a&id=b');
    expect(decodeURIComponent(serializeParams({ id: ['a', 'b'] }, true))).toBe('id[0]=a&id[1]=b');
    expect(serializeParams({ a: null, b: 1 })).toBe('b=1');
  });
  it('builds the logout link back to the login page', () => {
    expect(logoutLocation('/api/reception-center/oauth/logout', 'http://h:1')).toBe(
      '/api/reception-center/oauth/logout?redirect_uri=http%3A%2F%2Fh%3A1%2Flogin',
    );
  });
});
