import type { MicroMenuEntry } from '@portal/contracts';
import { microPath } from '../../app/launch/targets.ts';
import { describe, expect, it } from 'vitest';
import { isResourceVisible } from '../../app/access/access.ts';
import {
  entryAccess,
  entryTitle,
  landingEntry,
  menuJsonUrl,
  MicroMenuError,
  microLanguage,
  moduleUrl,
  parseMicroMenu,
  retryUrl,
  visibleEntries,
} from './microMenu.ts';

const entry = (name: string, zh?: string): MicroMenuEntry => ({
  name,
  title: { 'en-US': name.toUpperCase(), ...(zh ? { 'zh-CN': zh } : {}) },
});
const MENU = [entry('home'), entry('profile', '我是谁'), entry('admin')];

describe('menu.json beside the module', () => {
  it('lies in the module directory of an absolute appUrl, without its query or fragment', () => {
    expect(menuJsonUrl('http://cdn.test:5175/micro-demo.js', 'http://portal.test')).toBe('http://cdn.test:5175/menu.json');
    expect(menuJsonUrl('https://cdn.test/apps/demo/v2/entry.js?v=3#x', 'http://portal.test')).toBe(
      'https://cdn.test/apps/demo/v2/menu.json',
    );
    expect(menuJsonUrl('https://cdn.test/apps/demo/', 'http://portal.test')).toBe('https://cdn.test/apps/demo/menu.json');
  });

  it('is on the portal origin for a relative appUrl', () => {
    expect(moduleUrl('/static/demo/entry.js', 'http://portal.test')).toBe('http://portal.test/static/demo/entry.js');
    expect(menuJsonUrl('/static/demo/entry.js', 'http://portal.test')).toBe('http://portal.test/static/demo/menu.json');
  });

  it('retries a module under a fresh address, keeping its own query', () => {
    expect(retryUrl('http://cdn.test/a.js?v=3', 0)).toBe('http://cdn.test/a.js?v=3');
    expect(retryUrl('http://cdn.test/a.js?v=3', 2)).toBe('http://cdn.test/a.js?v=3&retry=2');
  });
});

describe('parseMicroMenu', () => {
  it('keeps the entries with their titles and icons', () => {
    const json = { menu: [{ name: 'home', title: { 'en-US': 'Overview', 'zh-CN': '概览' }, icon: 'HomeOutlined', extra: 1 }] };
    expect(parseMicroMenu(json)).toEqual([{ name: 'home', title: { 'en-US': 'Overview', 'zh-CN': '概览' }, icon: 'HomeOutlined' }]);
  });

  it.each([
    ['not an object', []],
    ['no menu list', { entries: [] }],
    ['a name with a colon (it would change the resource)', { menu: [{ name: 'a:b', title: { 'en-US': 'A' } }] }],
    ['no en-US title', { menu: [{ name: 'a', title: { 'zh-CN': '甲' } }] }],
    ['a title that is text, not per language', { menu: [{ name: 'a', title: 'A' }] }],
    ['an icon that is not text', { menu: [{ name: 'a', title: { 'en-US': 'A' }, icon: 3 }] }],
    ['a name twice', { menu: [entry('a'), entry('a')] }],
  ])('refuses %s', (_, json) => {
    expect(() => parseMicroMenu(json)).toThrow(MicroMenuError);
  });
});

describe('visibleEntries', () => {
  it('shows an entry whose resource <instant>:<name> the user holds, or holds something under', () => {
    const resources = ['demo:home', 'demo:profile:edit', 'other:admin'];
    expect(visibleEntries('demo', MENU, resources).map((e) => e.name)).toEqual(['home', 'profile']);
  });

  it('shows every entry to a user granted the application root', () => {
    expect(visibleEntries('demo', MENU, ['demo']).map((e) => e.name)).toEqual(['home', 'profile', 'admin']);
  });

  it('shows nothing without resources, and compares whole segments', () => {
    expect(visibleEntries('demo', MENU, [])).toEqual([]);
    expect(visibleEntries('demo', MENU, ['demo:home2', 'dem', 'demo:adm'])).toEqual([]);
    expect(isResourceVisible('demo:home', ['demo:home2'])).toBe(false);
  });
});

describe('landing and entry access', () => {
  const visible = [entry('home'), entry('profile')];

  it('lands on the redirect when the user may see it, written with or without a slash', () => {
    expect(landingEntry({ redirect: '/profile' }, visible)).toBe('profile');
    expect(landingEntry({ redirect: 'profile' }, visible)).toBe('profile');
  });

  it('lands on the first visible entry when there is no redirect or it is not permitted', () => {
    expect(landingEntry({ redirect: null }, visible)).toBe('home');
    expect(landingEntry({ redirect: '/admin' }, visible)).toBe('home');
    expect(landingEntry({ redirect: '/admin' }, [])).toBeNull();
  });

  it('tells a visible entry from a forbidden one and from one the app does not have', () => {
    expect(entryAccess('profile', MENU, visible)).toBe('visible');
    expect(entryAccess('admin', MENU, visible)).toBe('forbidden');
    expect(entryAccess('nothing', MENU, visible)).toBe('unknown');
  });
});

describe('texts and addresses', () => {
  it('maps the shell language and falls back to the en-US title', () => {
    expect(microLanguage('zh-CN')).toBe('zh-CN');
    expect(microLanguage('en-US')).toBe('en-US');
    expect(microLanguage(undefined)).toBe('en-US');
    expect(entryTitle(entry('profile', '我是谁'), 'zh-CN')).toBe('我是谁');
    expect(entryTitle(entry('home'), 'zh-CN')).toBe('HOME');
  });

  it('builds the host address of an entry', () => {
    expect(microPath('6f1c', 'profile')).toBe('/micro/6f1c/profile');
    expect(microPath('a b', 'x/y')).toBe('/micro/a%20b/x%2Fy');
  });
});
