import type { Application } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildPath, ownedPage } from './ownedApps.ts';

const app = (name: string, instant: string) => ({ name, instant }) as Application;
const apps = [app('Customer desk', 'crm'), app('Orders', 'orders'), app('Reports', 'bi-reports')];

describe('ownedPage', () => {
  it('pages the whole list', () => {
    expect(ownedPage(apps, { page: 2, size: 2 })).toEqual({ list: [apps[2]], total: 3, page: 2, size: 2 });
  });

  it('matches the keyword in the name or the key, ignoring case', () => {
    expect(ownedPage(apps, { page: 1, size: 20, keyword: 'DESK' }).list).toEqual([apps[0]]);
    expect(ownedPage(apps, { page: 1, size: 20, keyword: 'bi-' }).list).toEqual([apps[2]]);
    expect(ownedPage(apps, { page: 1, size: 20, keyword: 'nothing' })).toMatchObject({ list: [], total: 0 });
  });
});

describe('buildPath', () => {
  it('leads to the hidden build page with the application id', () => {
    expect(buildPath({ resource: 'personalCenter:selfApplication' }, 'a b')).toBe(
      '/personalCenter/selfApplication/build?applicationId=a%20b',
    );
  });
});
