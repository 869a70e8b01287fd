import type { IconInUse } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { notFound } from '../../../platform/errors.ts';
import type { SystemConfigService } from '../context.ts';
import { plainChange } from '../common/marked-one.ts';
import { icons } from '../tables.ts';
import { ICONS_CHANGED_TOPIC, type IconRow } from './rows.ts';

/**
 * Deletes icon rows in one audited transaction, then their bytes: after the commit, so a rolled-back
 * deletion never loses an icon's file (a crash in between leaves an unreferenced file, never a row
 * without one).
 */
async function removeRows(service: SystemConfigService, actor: AuditActor, rows: IconRow[], action: string): Promise<void> {
  if (rows.length === 0) return;
  await plainChange(service.db)(actor, async (tx) => {
    await tx.delete(icons).where(
      inArray(
        icons.id,
        rows.map((row) => row.id),
      ),
    );
    await recordAudit(tx, actor, { action, targetType: 'icon', before: rows });
    tx.afterCommit(ICONS_CHANGED_TOPIC);
  });
  await Promise.allSettled(rows.map((row) => service.storage.delete(row.storageKey)));
}

/**
 * Deletes icons of a classification by name. Those a menu shows are kept unless `force`, and listed
 * in `warnings` with the menus either way; a name the classification does not hold answers 404.
 */
export async function deleteIcons(
  service: SystemConfigService,
  actor: AuditActor,
  classification: string,
  input: { names: string[]; force?: boolean },
): Promise<{ removed: string[]; warnings: IconInUse[] }> {
  const rows = await service.db
    .select()
    .from(icons)
    .where(and(eq(icons.classification, classification), inArray(icons.name, input.names)));
  const missing = input.names.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length > 0) throw notFound(`The icons ${missing.slice(0, 10).join(', ')} of ${classification}`);
  const warnings = await service.menus.iconsInUse(input.names);
  const inUse = new Set(warnings.map((warning) => warning.name));
  const removed = input.force ? rows : rows.filter((row) => !inUse.has(row.name));
  await removeRows(service, actor, removed, 'icons.delete');
  return { removed: removed.map((row) => row.name), warnings };
}

/**
 * How old a file must be before the clean-up takes it for an orphan: an upload writes its bytes
 * before its rows commit, so a younger file may be an upload in progress.
 */
const ORPHAN_AGE_MS = 10 * 60_000;

/** Removes the icon files no icon names (left by a crash during an upload or deletion); answers how many. */
async function sweepOrphanFiles({ db, storage }: SystemConfigService): Promise<number> {
  const { objects, leftovers } = await storage.listOlderThan('icons', new Date(Date.now() - ORPHAN_AGE_MS));
  const named = new Set<string>();
  for (let start = 0; start < objects.length; start += 1000) {
    const keys = objects.slice(start, start + 1000);
    const rows = await db.select({ key: icons.storageKey }).from(icons).where(inArray(icons.storageKey, keys));
    for (const row of rows) named.add(row.key);
  }
  const orphans = objects.filter((key) => !named.has(key));
  await Promise.allSettled([...orphans.map((key) => storage.delete(key)), ...leftovers.map((file) => storage.removeLeftover(file))]);
  return orphans.length + leftovers.length;
}

/**
 * Deletes every icon (of a classification, when given) that no menu shows, and answers which; then
 * the files no icon names, whatever the classification.
 */
export async function cleanUpIcons(
  service: SystemConfigService,
  actor: AuditActor,
  classification: string | undefined,
): Promise<{ removed: { classification: string; name: string }[]; orphanFilesRemoved: number }> {
  const rows = await service.db
    .select()
    .from(icons)
    .where(classification ? eq(icons.classification, classification) : undefined);
  const inUse = new Set((await service.menus.iconsInUse(rows.map((row) => row.name))).map((warning) => warning.name));
  const removed = rows.filter((row) => !inUse.has(row.name));
  await removeRows(service, actor, removed, 'icons.clean-up');
  return {
    removed: removed.map(({ classification: c, name }) => ({ classification: c, name })),
    orphanFilesRemoved: await sweepOrphanFiles(service),
  };
}
