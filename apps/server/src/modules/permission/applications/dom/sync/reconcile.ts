import type { PublishedPage, SyncReport } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../../platform/db/client.ts';
import { findMenu } from '../../../menus/service.ts';
import { loadMenuRows, type MenuRow } from '../../../menus/tree.ts';
import { menus } from '../../../tables.ts';
import type { ApplicationRow } from '../../rows.ts';
import { flattenPublished, planSync } from './plan.ts';
import { changedFields, insertNode, rewriteNode } from './write.ts';

/**
 * Makes the application's stored tree the one it publishes, in the caller's transaction, and reports
 * what changed. It writes only nodes of this application's tree and grants nothing: a removed node's
 * role grants go with it (foreign keys), a moved node keeps its id and so its grants.
 */
export async function reconcileTree(tx: Db, application: ApplicationRow, pages: readonly PublishedPage[]): Promise<SyncReport> {
  const wanted = flattenPublished(pages);
  const root = await findMenu(tx, application.menuId);
  const rows = (await loadMenuRows(tx, { kind: 'subtree', resource: root.resource })).filter((row) => row.id !== root.id);
  const relOf = (row: MenuRow) => row.resource.slice(root.resource.length + 1);
  const plan = planSync(
    wanted,
    rows.map((row) => ({ id: row.id, rel: relOf(row), name: row.name, type: row.type })),
  );
  const report: SyncReport = { counts: { added: 0, changed: 0, moved: 0, removed: 0 }, added: [], changed: [], moved: [], removed: [] };
  // Removed first: their places may be wanted by new nodes. Their descendants that continue elsewhere
  // are rewritten below, so only the removed rows themselves go.
  if (plan.removed.length > 0) {
    await tx.delete(menus).where(
      inArray(
        menus.id,
        plan.removed.map((node) => node.id),
      ),
    );
    report.removed = plan.removed.map((node) => ({ resource: `${root.resource}:${node.rel}`, type: node.type }));
  }
  const placed = new Map<string, MenuRow>();
  for (const node of wanted) {
    const parent = node.parentRel === null ? root : placed.get(node.parentRel);
    if (!parent) throw new Error(`parent of ${node.rel} not placed`);
    const continued = plan.continues.get(node.rel);
    if (!continued) {
      const row = await insertNode(tx, parent, node);
      report.added.push({ resource: row.resource, type: row.type });
      placed.set(node.rel, row);
      continue;
    }
    // Read again: a move above it may have renamed its resource.
    const [current] = await tx.select().from(menus).where(eq(menus.id, continued.id));
    if (!current) throw new Error(`node ${continued.id} vanished`);
    const changed = changedFields(current, node);
    const moves = current.parentId !== parent.id;
    placed.set(node.rel, changed.length > 0 || moves ? await rewriteNode(tx, current, parent, node) : current);
    if (moves) report.moved.push({ from: current.resource, to: `${parent.resource}:${current.name}` });
    if (changed.length > 0) report.changed.push({ resource: `${parent.resource}:${current.name}`, fields: changed });
  }
  report.counts = {
    added: report.added.length,
    changed: report.changed.length,
    moved: report.moved.length,
    removed: report.removed.length,
  };
  return report;
}
