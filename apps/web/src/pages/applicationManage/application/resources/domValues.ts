import type { DomImportRow, MenuNode, PublishedPage } from '@portal/contracts';
import { locate } from '../../../systemManage/navManage/menuManage/menuTreeOps.ts';

/**
 * The resource string a node named `name` gets under `parentId` (null: the application's root,
 * whose resource is the instant): what the HEAD uniqueness check asks about while the name is typed.
 */
export function resourceUnder(instant: string, tree: readonly MenuNode[], parentId: string | null, name: string): string {
  const parent = parentId === null ? undefined : locate(tree, parentId)?.node;
  return `${parent?.resource ?? instant}:${name}`;
}

/** Why a JSON text cannot be used: it is not JSON, or not one of the shapes read. */
export class ImportFileError extends Error {
  constructor(readonly reason: 'notJson' | 'noRows' | 'noMenu') {
    super(reason);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ImportFileError('notJson');
  }
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A menu.json title: one string or one per language; the English one is stored, as the synchronisation does. */
const titleOf = (title: PublishedPage['title']): string => (typeof title === 'string' ? title : title['en-US']);

/** A published tree (menu.json's `menu`) as import rows, parents before children, paths joined by ':'. */
export function rowsOfPublished(pages: readonly PublishedPage[], parentPath = ''): DomImportRow[] {
  return pages.flatMap((page) => {
    const path = parentPath ? `${parentPath}:${page.name}` : page.name;
    const own: DomImportRow = { path, type: 'path', title: titleOf(page.title), ...(page.icon ? { icon: page.icon } : {}) };
    const elements = (page.elements ?? []).map((element): DomImportRow => ({
      path: `${path}:${element.name}`,
      type: 'element',
      title: titleOf(element.title),
      api: element.api ?? [],
    }));
    return [own, ...elements, ...rowsOfPublished(page.children ?? [], path)];
  });
}

/**
 * The rows of an imported JSON file: `{ "rows": [...] }` (the import call's body), a bare array of
 * rows, or a published tree `{ "menu": [...] }` (a menu.json). The rows themselves are checked by the
 * server, which names each bad row; only the file's shape is checked here.
 */
export function importRowsOfJson(text: string): DomImportRow[] {
  const value = parseJson(text);
  if (isObject(value) && Array.isArray(value.menu)) return rowsOfPublished(value.menu as PublishedPage[]);
  const rows = isObject(value) ? value.rows : value;
  if (!Array.isArray(rows) || rows.length === 0) throw new ImportFileError('noRows');
  return rows as DomImportRow[];
}

/** A pasted tree for a synchronisation: `{ "menu": [...] }` or the bare list of pages. */
export function syncMenuOfJson(text: string): object[] {
  const value = parseJson(text);
  const menu = isObject(value) ? value.menu : value;
  if (!Array.isArray(menu) || !menu.every(isObject)) throw new ImportFileError('noMenu');
  return menu;
}
