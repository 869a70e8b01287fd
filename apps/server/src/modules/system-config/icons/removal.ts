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

/** Deletes every icon (of a classification, when given) that no menu shows, and answers which. */
export async function cleanUpIcons(
  service: SystemConfigService,
  actor: AuditActor,
  classification: string | undefined,
): Promise<{ removed: { classification: string; name: string }[] }> {
  const rows = await service.db
    .select()
    .from(icons)
    .where(classification ? eq(icons.classification, classification) : undefined);
  const inUse = new Set((await service.menus.iconsInUse(rows.map((row) => row.name))).map((warning) => warning.name));
  const removed = rows.filter((row) => !inUse.has(row.name));
  await removeRows(service, actor, removed, 'icons.clean-up');
  return { removed: removed.map(({ classification: c, name }) => ({ classification: c, name })) };
}
