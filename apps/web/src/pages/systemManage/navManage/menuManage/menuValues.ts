import type { MenuInput, MenuNode, MenuUpdate } from '@portal/contracts';

/** The editor's fields; which of them apply depends on the type. */
export interface MenuFormValues {
  type: 'path' | 'element';
  name: string;
  title: string;
  icon?: string | null;
  api?: string[];
  detail?: boolean;
  hide?: boolean;
  redirect?: string | null;
}

/**
 * What the brief asks of an API entry. The server's own pattern (MENU_API_PATTERN) also lets
 * `GET:/` through; this one asks for a path after the slash.
 */
export const API_ENTRY_PATTERN = /^(GET|POST|PUT|PATCH|DELETE|HEAD):\/\S+$/;

const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;

/** Pages carry a look and navigation; buttons carry the API calls they allow (contracts' MenuInput). */
function fieldsOf(values: MenuFormValues, pageIcon: string | null): MenuUpdate {
  const common = { name: values.name.trim(), title: values.title.trim() };
  if (values.type === 'element') return { ...common, api: (values.api ?? []).map((entry) => entry.trim()) };
  return {
    ...common,
    icon: blankToNull(values.icon),
    pageIcon,
    detail: values.detail ?? false,
    hide: values.hide ?? false,
    redirect: blankToNull(values.redirect),
  };
}

export const toMenuInput = (values: MenuFormValues, parentId: string | null): MenuInput => ({
  ...fieldsOf(values, null),
  parentId,
  type: values.type,
});

/** PUT keeps the node's type and place; its page icon is not edited here, so it is sent back unchanged. */
export const toMenuUpdate = (values: MenuFormValues, node: MenuNode): MenuUpdate => fieldsOf({ ...values, type: node.type }, node.pageIcon);

export const formValuesOf = (node: MenuNode): MenuFormValues => ({
  type: node.type,
  name: node.name,
  title: node.title,
  icon: node.icon,
  api: [...node.api],
  detail: node.detail,
  hide: node.hide,
  redirect: node.redirect,
});

/** Entries that repeat an earlier one (the server wants them unique). */
export function duplicateEntries(entries: readonly (string | undefined)[]): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  entries.forEach((entry, index) => {
    const key = entry?.trim() ?? '';
    if (!key) return;
    if (seen.has(key)) repeated.add(index);
    seen.add(key);
  });
  return repeated;
}
