import { DEFAULT_THIRD_OPTIONS, PORTAL_SYSTEM_ID, type ThirdOptions } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { thirdOptions } from '../tables.ts';
import { IDENTITY_PROVIDERS_CHANGED_TOPIC } from './providers.ts';

const ofPortal = eq(thirdOptions.systemId, PORTAL_SYSTEM_ID);

/** The linking options with who last saved automatic linking on (null while it is off, or for a row from before it was kept). */
export interface LinkingOptions extends ThirdOptions {
  autoLinkBy: string | null;
}

/** The linking options: the stored row, or both off while none was saved. */
export async function readLinkingOptions(db: Db): Promise<LinkingOptions> {
  const [row] = await db.select().from(thirdOptions).where(ofPortal).limit(1);
  return row
    ? { autoLink: row.autoLink, createAccounts: row.createAccounts, autoLinkBy: row.autoLinkBy }
    : { ...DEFAULT_THIRD_OPTIONS, autoLinkBy: null };
}

/** The linking options as the settings answer them. */
export async function readThirdOptions(db: Db): Promise<ThirdOptions> {
  const { autoLink, createAccounts } = await readLinkingOptions(db);
  return { autoLink, createAccounts };
}

/**
 * Replaces the linking options, audited with the values they replace. Whoever saves automatic
 * linking on becomes the one who vouches for it (`autoLinkBy`, in the audit entry too): it then
 * reaches only accounts they could act on, so a save by someone holding less narrows it.
 */
export async function saveThirdOptions(db: Db, actor: AuditActor, options: ThirdOptions): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await readLinkingOptions(tx);
    const after: LinkingOptions = { ...options, autoLinkBy: options.autoLink ? actor.actorId : null };
    const values = { systemId: PORTAL_SYSTEM_ID, ...after, updatedAt: new Date() };
    await tx.insert(thirdOptions).values(values).onConflictDoUpdate({ target: thirdOptions.systemId, set: values });
    await recordAudit(tx, actor, { action: 'third-options.update', targetType: 'settings', targetId: 'third', before, after });
    tx.afterCommit(IDENTITY_PROVIDERS_CHANGED_TOPIC);
  });
}
