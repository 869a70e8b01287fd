import type { DictItemInput, DictItemNode, DictList } from '@portal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { plainChange } from '../common/marked-one.ts';
import { dictionaries, dictItems } from '../tables.ts';
import { DICTIONARIES_CHANGED_TOPIC } from './service.ts';

type ItemRow = typeof dictItems.$inferSelect;

const nodeOf = ({ id, parentId, code, label, value, sort, enabled }: ItemRow): DictItemNode => ({
  id,
  parentId,
  code,
  label,
  value,
  sort,
  enabled,
  children: [],
});

/** Items as trees, each level ordered as the rows come (by sort, then code). */
export function itemTrees(rows: ItemRow[]): DictItemNode[] {
  const nodes = new Map(rows.map((row) => [row.id, nodeOf(row)]));
  const roots: DictItemNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    // An item whose parent is not among the rows (a disabled one, left out) is left out with it.
    if (parent) parent.children.push(node);
    else if (!node.parentId) roots.push(node);
  }
  return roots;
}

const itemsOf = (db: Db, dictionaryIds: string[], enabledOnly = false) =>
  db
    .select()
    .from(dictItems)
    .where(and(inArray(dictItems.dictionaryId, dictionaryIds), enabledOnly ? eq(dictItems.enabled, true) : undefined))
    .orderBy(asc(dictItems.sort), asc(dictItems.code));

/** A dictionary's items as a tree, disabled ones included (the console's view). */
export async function dictionaryItems(db: Db, dictionaryId: string): Promise<DictItemNode[]> {
  await findOr404(db, dictionaries, dictionaryId, 'The dictionary');
  return itemTrees(await itemsOf(db, [dictionaryId]));
}

/** GET /dict/lists: the dictionaries named (all when none is), each with its enabled items as a tree. */
export async function dictionaryLists(db: Db, codes: string[] | undefined): Promise<DictList[]> {
  const found = await db
    .select()
    .from(dictionaries)
    .where(codes?.length ? inArray(dictionaries.code, codes) : undefined)
    .orderBy(asc(dictionaries.code));
  const items =
    found.length > 0
      ? await itemsOf(
          db,
          found.map((d) => d.id),
          true,
        )
      : [];
  return found.map((dictionary) => ({
    code: dictionary.code,
    name: dictionary.name,
    description: dictionary.description,
    items: itemTrees(items.filter((item) => item.dictionaryId === dictionary.id)),
  }));
}

const findItem = async (db: Db, dictionaryId: string, itemId: string): Promise<ItemRow> => {
  const [row] = await db
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.id, itemId), eq(dictItems.dictionaryId, dictionaryId)));
  if (!row) throw notFound('The dictionary item');
  return row;
};

/** A parent must be an item of the same dictionary, and never the item itself or one under it (a cycle). */
async function assertParent(tx: Db, dictionaryId: string, parentId: string | null, itemId?: string): Promise<void> {
  if (!parentId) return;
  const [parent] = await tx
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.id, parentId), eq(dictItems.dictionaryId, dictionaryId)));
  if (!parent) throw badRequest('parentId: no item of this dictionary has this id', { field: 'parentId' });
  if (!itemId) return;
  const cycle = await rawRows(
    tx,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from dict_items where id = ${parentId}
          union all select d.id, d.parent_id from dict_items d join up on d.id = up.parent_id)
        select 1 from up where id = ${itemId} limit 1`,
  );
  if (cycle.length > 0) throw badRequest('parentId: an item cannot be placed under itself or an item under it', { field: 'parentId' });
}

/** Adds an item, or edits (and moves) one: audited, published after the commit. */
export async function saveItem(
  db: Db,
  actor: AuditActor,
  target: { dictionaryId: string; itemId?: string },
  input: DictItemInput,
): Promise<DictItemNode> {
  const { dictionaryId, itemId } = target;
  const row = await uniqueAsConflict(
    () =>
      plainChange(db)(actor, async (tx) => {
        await findOr404(tx, dictionaries, dictionaryId, 'The dictionary');
        const before = itemId ? await findItem(tx, dictionaryId, itemId) : undefined;
        const parentId = input.parentId === undefined ? (before?.parentId ?? null) : input.parentId;
        await assertParent(tx, dictionaryId, parentId, itemId);
        const values = {
          code: input.code,
          label: input.label,
          value: input.value,
          parentId,
          sort: input.sort ?? before?.sort ?? 0,
          enabled: input.enabled ?? before?.enabled ?? true,
        };
        const [after] = before
          ? await tx.update(dictItems).set(values).where(eq(dictItems.id, before.id)).returning()
          : await tx
              .insert(dictItems)
              .values({ ...values, dictionaryId })
              .returning();
        if (!after) throw new Error('dictionary item write returned nothing');
        const action = before ? 'dict-items.update' : 'dict-items.create';
        await recordAudit(tx, actor, { action, targetType: 'dict-item', targetId: after.id, before, after });
        tx.afterCommit(DICTIONARIES_CHANGED_TOPIC);
        return after;
      }),
    'An item of this dictionary',
  );
  return nodeOf(row);
}

/** Deletes an item and the items under it (foreign key, cascade); the audit entry keeps them. */
export async function removeItem(db: Db, actor: AuditActor, dictionaryId: string, itemId: string): Promise<{ ok: true }> {
  await plainChange(db)(actor, async (tx) => {
    const before = await findItem(tx, dictionaryId, itemId);
    const under = await rawRows<{ code: string }>(
      tx,
      sql`with recursive down(id, code) as (
            select id, code from dict_items where parent_id = ${itemId}
            union all select d.id, d.code from dict_items d join down on d.parent_id = down.id)
          select code from down`,
    );
    await tx.delete(dictItems).where(eq(dictItems.id, itemId));
    await recordAudit(tx, actor, {
      action: 'dict-items.delete',
      targetType: 'dict-item',
      targetId: itemId,
      before: { ...before, removedUnder: under.map((r) => r.code) },
    });
    tx.afterCommit(DICTIONARIES_CHANGED_TOPIC);
  });
  return { ok: true };
}
