import type { ExternalApi, ExternalApiImportResult, ExternalApiInput } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../../platform/db/errors.ts';
import { transaction } from '../../../../platform/db/transaction.ts';
import { notFound } from '../../../../platform/errors.ts';
import { applicationApis } from '../../tables.ts';

type ApiRow = typeof applicationApis.$inferSelect;

export const toExternalApi = (row: ApiRow): ExternalApi => ({
  ...row,
  method: row.method as ExternalApi['method'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The stored fields of an input: what it leaves out is empty. */
const fieldsOf = (input: ExternalApiInput) => ({
  method: input.method,
  path: input.path,
  summary: input.summary ?? null,
  description: input.description ?? null,
  tags: input.tags ?? [],
  parameters: input.parameters ?? [],
  requestBody: input.requestBody ?? null,
  responses: input.responses ?? {},
});

const ofApplication = (applicationId: string, apiId: string) =>
  and(eq(applicationApis.applicationId, applicationId), eq(applicationApis.id, apiId));

export async function listExternalApis(db: Db, applicationId: string): Promise<ExternalApi[]> {
  const rows = await db
    .select()
    .from(applicationApis)
    .where(eq(applicationApis.applicationId, applicationId))
    .orderBy(asc(applicationApis.path), asc(applicationApis.method));
  return rows.map(toExternalApi);
}

/** One API of this application: an API of another application is as absent as one that never existed. */
export async function findExternalApi(db: Db, applicationId: string, apiId: string): Promise<ApiRow> {
  const [row] = await db.select().from(applicationApis).where(ofApplication(applicationId, apiId));
  if (!row) throw notFound('The API');
  return row;
}

const audited = (actor: AuditActor, action: string, applicationId: string, before: unknown, after: unknown) => (tx: Db) =>
  recordAudit(tx, actor, { action, targetType: 'application', targetId: applicationId, before, after });

export async function createExternalApi(db: Db, actor: AuditActor, applicationId: string, input: ExternalApiInput): Promise<ExternalApi> {
  const row = await uniqueAsConflict(
    () =>
      transaction(db, async (tx) => {
        const [created] = await tx
          .insert(applicationApis)
          .values({ applicationId, ...fieldsOf(input) })
          .returning();
        if (!created) throw new Error('api insert returned nothing');
        await audited(actor, 'applications.apis.create', applicationId, undefined, created)(tx);
        return created;
      }),
    'An API',
  );
  return toExternalApi(row);
}

export async function updateExternalApi(
  db: Db,
  actor: AuditActor,
  applicationId: string,
  apiId: string,
  input: ExternalApiInput,
): Promise<ExternalApi> {
  const row = await uniqueAsConflict(
    () =>
      transaction(db, async (tx) => {
        const before = await findExternalApi(tx, applicationId, apiId);
        const [after] = await tx
          .update(applicationApis)
          .set({ ...fieldsOf(input), updatedAt: new Date() })
          .where(ofApplication(applicationId, apiId))
          .returning();
        await audited(actor, 'applications.apis.update', applicationId, before, after)(tx);
        return after ?? before;
      }),
    'An API',
  );
  return toExternalApi(row);
}

/** Removes the API; its authorisations go with it (cascade). */
export async function removeExternalApi(db: Db, actor: AuditActor, applicationId: string, apiId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await findExternalApi(tx, applicationId, apiId);
    await tx.delete(applicationApis).where(ofApplication(applicationId, apiId));
    await audited(actor, 'applications.apis.delete', applicationId, before, undefined)(tx);
  });
}

/** Writes checked APIs in one transaction: one of the same method and path is updated, a new one created. */
export async function upsertExternalApis(
  db: Db,
  actor: AuditActor,
  applicationId: string,
  inputs: ExternalApiInput[],
): Promise<ExternalApiImportResult> {
  return transaction(db, async (tx) => {
    const existing = new Set(
      (
        await tx
          .select({ method: applicationApis.method, path: applicationApis.path })
          .from(applicationApis)
          .where(eq(applicationApis.applicationId, applicationId))
      ).map((row) => `${row.method} ${row.path}`),
    );
    const updated = inputs.filter((input) => existing.has(`${input.method} ${input.path}`)).length;
    for (const input of inputs) {
      const fields = fieldsOf(input);
      await tx
        .insert(applicationApis)
        .values({ applicationId, ...fields })
        .onConflictDoUpdate({
          target: [applicationApis.applicationId, applicationApis.method, applicationApis.path],
          set: { ...fields, updatedAt: new Date() },
        });
    }
    const result = { created: inputs.length - updated, updated };
    await audited(actor, 'applications.apis.import', applicationId, undefined, {
      ...result,
      operations: inputs.map((input) => `${input.method} ${input.path}`),
    })(tx);
    return result;
  });
}
