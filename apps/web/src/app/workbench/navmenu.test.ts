import { describe, expect, it } from 'vitest';
import { application } from '../launch/testFixtures.ts';
import type { WorkbenchApp } from '../store/appStore.ts';
import {
  favourites,
  groupByCategory,
  isSystemApp,
  matchesSearch,
  moveApp,
  orderApplications,
  toNavmenu,
  toggleFavourite,
} from './navmenu.ts';

const ids = (apps: readonly WorkbenchApp[]) => apps.map((app) => app.id);
const apps = ['a', 'b', 'c', 'd'].map((id) => application(id));

describe('orderApplications', () => {
  it('follows the saved order, drops unknown ids and appends the applications the config does not mention', () => {
    const ordered = orderApplications(apps, {
      menu: [
        { id: 'c', selected: true },
        { id: 'gone', selected: true },
        { id: 'a', selected: false },
      ],
    });
    expect(ids(ordered)).toEqual(['c', 'a', 'b', 'd']);
    expect(ordered.map((app) => app.selected)).toEqual([true, false, false, false]);
  });

  it('keeps the server order without a config, and lists an application once even if saved twice', () => {
    expect(ids(orderApplications(apps, null))).toEqual(['a', 'b', 'c', 'd']);
    const twice = orderApplications(apps, {
      menu: [
        { id: 'b', selected: true },
        { id: 'b', selected: false },
      ],
    });
    expect(ids(twice)).toEqual(['b', 'a', 'c', 'd']);
    expect(twice[0]?.selected).toBe(true);
  });

  it('round-trips through the saved form', () => {
    const ordered = orderApplications(apps, { menu: [{ id: 'd', selected: true }] });
    expect(orderApplications(apps, toNavmenu(ordered))).toEqual(ordered);
    expect(toNavmenu(ordered).menu).toEqual([
      { id: 'd', selected: true },
      { id: 'a', selected: false },
      { id: 'b', selected: false },
      { id: 'c', selected: false },
    ]);
  });
});

describe('moveApp', () => {
  const ordered = orderApplications(apps, null);
  it('puts a tile moved forward after the one it was dropped on, and one moved back before it', () => {
    expect(ids(moveApp(ordered, 'a', 'c', true))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(moveApp(ordered, 'd', 'b', false))).toEqual(['a', 'd', 'b', 'c']);
  });
  it('changes nothing for a drop on itself or an unknown tile', () => {
    expect(ids(moveApp(ordered, 'a', 'a', true))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(moveApp(ordered, 'a', 'zz', true))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(moveApp(ordered, 'zz', 'a', false))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('favourites', () => {
  it('toggles one application and lists the favourites in order', () => {
    const ordered = toggleFavourite(toggleFavourite(orderApplications(apps, null), 'c'), 'a');
    expect(ids(favourites(ordered))).toEqual(['a', 'c']);
    expect(ids(favourites(toggleFavourite(ordered, 'a')))).toEqual(['c']);
  });
});

describe('groupByCategory', () => {
  it('groups in the order categories first appear on the server, each in the user order, uncategorised last', () => {
    const server = [
      application('mail', { category: ['Office'] }),
      application('crm', { category: ['Sales', 'Office'] }),
      application('misc'),
      application('bi', { category: ['Data'] }),
    ];
    const user = orderApplications(server, {
      menu: [
        { id: 'bi', selected: false },
        { id: 'crm', selected: false },
      ],
    });
    const groups = groupByCategory(user, server);
    expect(groups.map((group) => [group.category, ids(group.apps)])).toEqual([
      ['Office', ['crm', 'mail']],
      ['Sales', ['crm']],
      ['Data', ['bi']],
      [null, ['misc']],
    ]);
    expect(
      groupByCategory(
        user.filter((app) => app.id === 'bi'),
        server,
      ).map((group) => group.category),
    ).toEqual(['Data']);
  });
});

describe('matchesSearch and isSystemApp', () => {
  it('finds by name, instant or description in any case', () => {
    const app = application('crm', { name: 'Customer Relations', description: 'Leads and deals' });
    for (const text of ['', '  ', 'customer', 'CRM', 'DEALS']) expect(matchesSearch(app, text)).toBe(true);
    expect(matchesSearch(app, 'invoice')).toBe(false);
  });
  it('knows the internal applications', () => {
    expect(isSystemApp(application('systemManage'))).toBe(true);
    expect(isSystemApp(application('personalCenter'))).toBe(true);
    expect(isSystemApp(application('crm'))).toBe(false);
  });
});
