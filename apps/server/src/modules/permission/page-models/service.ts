import type { PageModelDetail, PageModelInput } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../platform/db/errors.ts';
import { findOr404 } from '../../../platform/db/existence.ts';
import { transaction, type Tx } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors.ts';
import { PAGE_MODEL_LIMITS } from '@portal/contracts';
import { applications, pageModels, pageModelVersions } from '../tables.ts';
import { pageModelDetail } from './queries.ts';

/** Published after every committed change to the page models. */
export const PAGE_MODELS_CHANGED_TOPIC = 'permission.page-models.changed';

/** A definition over the size limit is refused naming the field (the body limit alone would not say which). */
function assertDefinitionSize(input: PageModelInput): void {
  if (Buffer.byteLength(JSON.stringify(input.definition)) > PAGE_MODEL_LIMITS.definitionBytes) {
    throw new AppError('BAD_REQUEST', `definition is larger than ${PAGE_MODEL_LIMITS.definitionBytes} bytes`, { field: 'definition' });
  }
}

async function assertApplicationExists(tx: Tx, applicationId: string): Promise<void> {
  const [found] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
  if (!found) throw new AppError('NOT_FOUND', 'The application does not exist', { field: 'applicationId' });
}

/** A write with its audit entry and event, one transaction; a name taken in the application answers 409 naming `name`. */
const write = (db: Db, work: (tx: Tx) => Promise<string>) =>
  uniqueAsConflict(
    () =>
      transaction(db, async (tx) => {
        const id = await work(tx);
        tx.afterCommit(PAGE_MODELS_CHANGED_TOPIC);
        return id;
      }),
    'A page model',
  );

/** Stores a new page model as version 1. */
export async function createPageModel(db: Db, actor: AuditActor, input: PageModelInput): Promise<PageModelDetail> {
  assertDefinitionSize(input);
  const id = await write(db, async (tx) => {
    await assertApplicationExists(tx, input.applicationId);
    const [row] = await tx
      .insert(pageModels)
      .values({ applicationId: input.applicationId, name: input.name, description: input.description ?? null, currentVersion: 1 })
      .returning();
    if (!row) throw new Error('page model insert returned nothing');
    await tx.insert(pageModelVersions).values({ pageModelId: row.id, version: 1, definition: input.definition, createdBy: actor.actorId });
    await recordAudit(tx, actor, { action: 'page-models.create', targetType: 'page-model', targetId: row.id, after: row });
    return row.id;
  });
  return pageModelDetail(db, id);
}

/**
 * Saves a page model: its fields change and its definition becomes the next version. The row is
 * locked first, so two saves at once get consecutive numbers instead of one failing.
 */
export async function savePageModel(db: Db, actor: AuditActor, id: string, input: PageModelInput): Promise<PageModelDetail> {
  assertDefinitionSize(input);
  await write(db, async (tx) => {
    await tx.execute(sql`select 1 from page_models where id = ${id} for update`);
    const before = await findOr404(tx, pageModels, id, 'The page model');
    await assertApplicationExists(tx, input.applicationId);
    const version = before.currentVersion + 1;
    const [after] = await tx
      .update(pageModels)
      .set({
        applicationId: input.applicationId,
        name: input.name,
        description: input.description === undefined ? before.description : input.description,
        currentVersion: version,
        updatedAt: new Date(),
      })
      .where(eq(pageModels.id, id))
      .returning();
    await tx.insert(pageModelVersions).values({ pageModelId: id, version, definition: input.definition, createdBy: actor.actorId });
    await recordAudit(tx, actor, { action: 'page-models.update', targetType: 'page-model', targetId: id, before, after });
    return id;
  });
  return pageModelDetail(db, id);
}

/** Deletes a page model with its versions. */
export async function removePageModel(db: Db, actor: AuditActor, id: string): Promise<{ ok: true }> {
  await write(db, async (tx) => {
    const before = await findOr404(tx, pageModels, id, 'The page model');
    await tx.delete(pageModels).where(eq(pageModels.id, id));
    await recordAudit(tx, actor, { action: 'page-models.delete', targetType: 'page-model', targetId: id, before });
    return id;
  });
  return { ok: true };
}
