import { describe, expect, it } from 'vitest';
import { portalPath } from './redirects.ts';

const PUBLIC_URL = 'http://portal.test';

describe('portalPath', () => {
  it('keeps targets on the portal as paths with their query and fragment', () => {
    expect(portalPath('/login', PUBLIC_URL)).toBe('/login');
    expect(portalPath('/OSWorkbench?tab=2#top', PUBLIC_URL)).toBe('/OSWorkbench?tab=2#top');
    expect(portalPath('http://portal.test/login?x=1', PUBLIC_URL)).toBe('/login?x=1');
    expect(portalPath('/a/../b', PUBLIC_URL)).toBe('/b');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    'https://portal.test/x',
    'http://portal.test:8080/x',
    'javascript:alert(1)',
    'http://[bad',
  ])('refuses %j, which leaves the portal', (raw) => {
    expect(portalPath(raw, PUBLIC_URL)).toBeUndefined();
  });

  it.each(['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x', '/%2E%2E//evil.example/x', '/./\t/evil.example/x'])(
    'never answers %j with a protocol-relative path',
    (raw) => {
      const path = portalPath(raw, PUBLIC_URL);
      expect(path).toBe('/evil.example/x');
      expect(new URL(path ?? '', PUBLIC_URL).origin).toBe(PUBLIC_URL);
    },
  );
});
