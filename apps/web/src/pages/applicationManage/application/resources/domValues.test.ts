import type { MenuNode } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { menuNodeFixture } from '../../../../test/fixtures.ts';
import { ImportFileError, importRowsOfJson, resourceUnder, rowsOfPublished, syncMenuOfJson } from './domValues.ts';

const node = (id: string, resource: string, children: MenuNode[] = []): MenuNode =>
  menuNodeFixture({ id, name: resource.split(':').at(-1) ?? id, resource, children });

// The tree below the root of the application "crm": orders ── list
const tree = [node('o', 'crm:orders', [node('l', 'crm:orders:list')])];

const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ImportFileError ? error.reason : error;
  }
  return null;
};

describe('resourceUnder', () => {
  it('names a new node by its parent’s resource, or by the instant at the top', () => {
    expect(resourceUnder('crm', tree, null, 'reports')).toBe('crm:reports');
    expect(resourceUnder('crm', tree, 'o', 'export')).toBe('crm:orders:export');
    expect(resourceUnder('crm', tree, 'l', 'print')).toBe('crm:orders:list:print');
  });

  it('treats a parent outside the tree (the root itself) as the top', () => {
    expect(resourceUnder('crm', tree, 'root-id', 'orders')).toBe('crm:orders');
  });
});

describe('rowsOfPublished', () => {
  it('flattens a menu.json tree into rows by path, parents first, English titles, elements with their calls', () => {
    const rows = rowsOfPublished([
      {
        name: 'orders',
        title: { 'en-US': 'Orders', 'zh-CN': '订单' },
        icon: 'ShoppingOutlined',
        elements: [{ name: 'export', title: 'Export', api: ['GET:/api/orders/export'] }],
        children: [{ name: 'list', title: 'List', elements: [{ name: 'print', title: 'Print' }] }],
      },
      { name: 'about', title: 'About' },
    ]);
    expect(rows).toEqual([
      { path: 'orders', type: 'path', title: 'Orders', icon: 'ShoppingOutlined' },
      { path: 'orders:export', type: 'element', title: 'Export', api: ['GET:/api/orders/export'] },
      { path: 'orders:list', type: 'path', title: 'List' },
      { path: 'orders:list:print', type: 'element', title: 'Print', api: [] },
      { path: 'about', type: 'path', title: 'About' },
    ]);
  });
});

describe('importRowsOfJson', () => {
  const row = { path: 'orders', type: 'path', title: 'Orders' };

  it('reads the import body, a bare list of rows, or a menu.json tree', () => {
    expect(importRowsOfJson(JSON.stringify({ rows: [row] }))).toEqual([row]);
    expect(importRowsOfJson(JSON.stringify([row]))).toEqual([row]);
    expect(importRowsOfJson(JSON.stringify({ menu: [{ name: 'orders', title: 'Orders' }] }))).toEqual([row]);
  });

  it('refuses what is not JSON, and JSON without rows', () => {
    expect(reasonOf(() => importRowsOfJson('{ rows'))).toBe('notJson');
    expect(reasonOf(() => importRowsOfJson('{"rows": []}'))).toBe('noRows');
    expect(reasonOf(() => importRowsOfJson('{"pages": [1]}'))).toBe('noRows');
    expect(reasonOf(() => importRowsOfJson('42'))).toBe('noRows');
  });
});

describe('syncMenuOfJson', () => {
  it('takes a menu.json or the bare list of its pages', () => {
    const page = { name: 'home', title: 'Home' };
    expect(syncMenuOfJson(JSON.stringify({ menu: [page] }))).toEqual([page]);
    expect(syncMenuOfJson(JSON.stringify([page]))).toEqual([page]);
  });

  it('refuses anything else', () => {
    expect(reasonOf(() => syncMenuOfJson(''))).toBe('notJson');
    expect(reasonOf(() => syncMenuOfJson('{"menu": "home"}'))).toBe('noMenu');
    expect(reasonOf(() => syncMenuOfJson('["home"]'))).toBe('noMenu');
  });
});
