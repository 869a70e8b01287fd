import { DEFAULT_THIRD_OPTIONS, PORTAL_SYSTEM_ID, type ThirdOptions } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { thirdOptions } from '../tables.ts';
import { IDENTITY_PROVIDERS_CHANGED_TOPIC } from './providers.ts';

const ofPortal = eq(thirdOptions.systemId, PORTAL_SYSTEM_ID);

/** The linking options: the stored row, or both off while none was saved. */
export async function readThirdOptions(db: Db): Promise<ThirdOptions> {
  const [row] = await db.select().from(thirdOptions).where(ofPortal).limit(1);
  return row ? { autoLink: row.autoLink, createAccounts: row.createAccounts } : { ...DEFAULT_THIRD_OPTIONS };
}

/** Replaces the linking options, audited with the values they replace. */
export async function saveThirdOptions(db: Db, actor: AuditActor, options: ThirdOptions): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await readThirdOptions(tx);
    const values = { systemId: PORTAL_SYSTEM_ID, ...options, updatedAt: new Date() };
    await tx.insert(thirdOptions).values(values).onConflictDoUpdate({ target: thirdOptions.systemId, set: values });
    await recordAudit(tx, actor, { action: 'third-options.update', targetType: 'settings', targetId: 'third', before, after: options });
    tx.afterCommit(IDENTITY_PROVIDERS_CHANGED_TOPIC);
  });
}
