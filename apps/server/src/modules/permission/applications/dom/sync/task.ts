import type { PublishedPage, SyncTask } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditActor } from '../../../../../platform/audit.ts';
import type { Db } from '../../../../../platform/db/client.ts';
import type { Outbound } from '../../../../../platform/outbound/guard.ts';
import { transaction } from '../../../../../platform/db/transaction.ts';
import { AppError, badRequest, notFound } from '../../../../../platform/errors.ts';
import { enqueue, errorText, type JobHandler } from '../../../../../platform/jobs/index.ts';
import { changeAs } from '../../../access/containment/change.ts';
import { scopeOf } from '../../scope.ts';
import { applicationSyncTasks } from '../../../tables.ts';
import { findApplication, type ApplicationRow } from '../../rows.ts';
import { flattenPublished } from './plan.ts';
import { checkPublished, fetchPublished } from './published.ts';
import { reconcileTree } from './reconcile.ts';

export const SYNC_JOB = 'permission.application-sync';

/**
 * Queues a synchronisation: the task row and its job in one transaction, so a task exists only with
 * the job that runs it. Without a tree in the body the job fetches the application's menu.json.
 */
export async function queueSync(db: Db, actor: AuditActor, application: ApplicationRow, menu: unknown[] | undefined): Promise<string> {
  // Checked now, so a bad body is a 400 to the caller rather than a failed task.
  const tree = menu === undefined ? null : checkPublished({ menu });
  if (tree) flattenPublished(tree);
  if (!tree && !application.appUrl)
    throw badRequest('menu: the application has no appUrl to fetch its menu.json from; send the tree', { field: 'menu' });
  const id = randomUUID();
  await transaction(db, async (tx) => {
    await tx.insert(applicationSyncTasks).values({ id, applicationId: application.id, requestedBy: actor.actorId, tree });
    await enqueue(tx, { kind: SYNC_JOB, payload: { taskId: id }, idempotencyKey: id });
    await recordAudit(tx, actor, {
      action: 'applications.sync.queue',
      targetType: 'application',
      targetId: application.id,
      after: { taskId: id },
    });
  });
  return id;
}

export async function getSyncTask(db: Db, applicationId: string, taskId: string): Promise<SyncTask> {
  const [row] = await db
    .select()
    .from(applicationSyncTasks)
    .where(and(eq(applicationSyncTasks.id, taskId), eq(applicationSyncTasks.applicationId, applicationId)));
  if (!row) throw notFound('The synchronisation task');
  return {
    id: row.id,
    applicationId: row.applicationId,
    status: row.status,
    source: row.tree ? 'body' : 'appUrl',
    report: row.report ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const finish = (db: Db, taskId: string, outcome: Partial<typeof applicationSyncTasks.$inferInsert>) =>
  db
    .update(applicationSyncTasks)
    .set({ ...outcome, finishedAt: new Date() })
    .where(eq(applicationSyncTasks.id, taskId));

/**
 * Runs a task once. The change is made as the application's owner (the requester when it has none):
 * the containment check refuses a tree whose elements would hand out calls the owner does not hold.
 * A refused or malformed tree fails the task with its reason; nothing of it is written. menu.json
 * is fetched through the outbound guard.
 */
export const syncJob =
  (db: Db, outbound: Outbound): JobHandler =>
  async ({ payload }) => {
    const { taskId } = payload as { taskId: string };
    const [task] = await db.select().from(applicationSyncTasks).where(eq(applicationSyncTasks.id, taskId));
    if (task?.status !== 'queued') return;
    try {
      const application = await findApplication(db, task.applicationId);
      const pages: PublishedPage[] = task.tree ? (task.tree as PublishedPage[]) : await fetchPublished(outbound, application.appUrl ?? '');
      const actorId = application.ownerId ?? task.requestedBy;
      const actor = { actorId, ip: '', requestId: `job:${taskId}` };
      await changeAs(
        db,
        actor,
        async (tx) => {
          const report = await reconcileTree(tx, application, pages);
          await recordAudit(tx, actor, {
            action: 'applications.sync',
            targetType: 'application',
            targetId: application.id,
            after: { taskId, ...report },
          });
          await finish(tx, taskId, { status: 'done', report });
        },
        await scopeOf(db, application),
      );
    } catch (error) {
      const reason = error instanceof AppError ? `${error.code}: ${error.message}` : errorText(error);
      await finish(db, taskId, { status: 'failed', error: reason });
    }
  };
