import { ELEMENT_STATUS } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../../platform/db/client.ts';
import { renameDescendants } from '../../../menus/service.ts';
import type { MenuRow } from '../../../menus/tree.ts';
import { menus } from '../../../tables.ts';

/** What an application says about one of its nodes (a published or imported one). */
export interface NodeFields {
  name: string;
  type: 'path' | 'element';
  title: string;
  icon: string | null;
  api: string[];
  sort: number;
}

/** Adds a node of the application below `parent` (a node of its tree). */
export async function insertNode(tx: Db, parent: MenuRow, fields: NodeFields): Promise<MenuRow> {
  const [row] = await tx
    .insert(menus)
    .values({
      ...fields,
      parentId: parent.id,
      resource: `${parent.resource}:${fields.name}`,
      status: fields.type === 'element' ? ELEMENT_STATUS : null,
      applicationId: parent.applicationId,
    })
    .returning();
  if (!row) throw new Error('menu insert returned nothing');
  return row;
}

const sameApi = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((entry, i) => entry === b[i]);

/** The fields of a stored node that differ from what is wanted (its name and type are the same). */
export function changedFields(row: MenuRow, fields: Omit<NodeFields, 'name' | 'type'>): string[] {
  const changed: string[] = [];
  if (row.title !== fields.title) changed.push('title');
  if ((row.icon ?? null) !== fields.icon) changed.push('icon');
  if (!sameApi(row.api, fields.api)) changed.push('api');
  if (row.sort !== fields.sort) changed.push('sort');
  return changed;
}

/** Rewrites a node's fields and, when its parent differs, moves it (its subtree's resources follow). */
export async function rewriteNode(tx: Db, row: MenuRow, parent: MenuRow, fields: NodeFields): Promise<MenuRow> {
  const resource = `${parent.resource}:${row.name}`;
  const [after] = await tx
    .update(menus)
    .set({ title: fields.title, icon: fields.icon, api: fields.api, sort: fields.sort, parentId: parent.id, resource })
    .where(eq(menus.id, row.id))
    .returning();
  if (!after) throw new Error('menu update returned nothing');
  if (resource !== row.resource) await renameDescendants(tx, row.resource, resource);
  return after;
}
