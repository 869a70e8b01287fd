import type { ApiAuthorization, ApiAuthorizationInput } from '@portal/contracts';
import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import type { Db } from '../../../../platform/db/client.ts';
import { uniqueAsConflict } from '../../../../platform/db/errors.ts';
import { transaction } from '../../../../platform/db/transaction.ts';
import { AppError, notFound } from '../../../../platform/errors.ts';
import { applicationApiAuthorizations as grants, applicationApis as apis, applications } from '../../tables.ts';

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { field });

/** Still in force now, by the database's clock (the same clock for every instance). */
const unexpired = or(isNull(grants.expiresAt), gt(grants.expiresAt, sql`now()`));

async function selectAuthorizations(db: Db, where: SQL | undefined): Promise<ApiAuthorization[]> {
  const rows = await db
    .select({
      id: grants.id,
      apiId: grants.apiId,
      method: apis.method,
      path: apis.path,
      applicationId: apis.applicationId,
      callerApplicationId: grants.callerApplicationId,
      callerApplicationName: applications.name,
      expiresAt: grants.expiresAt,
      expired: sql<boolean>`not coalesce(${unexpired}, false)`,
      createdAt: grants.createdAt,
    })
    .from(grants)
    .innerJoin(apis, eq(apis.id, grants.apiId))
    .innerJoin(applications, eq(applications.id, grants.callerApplicationId))
    .where(where)
    .orderBy(asc(apis.path), asc(apis.method), asc(applications.name), asc(grants.id));
  return rows.map((row) => ({
    ...row,
    method: row.method as ApiAuthorization['method'],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Who may call this application's APIs. */
export const authorizationsOf = (db: Db, applicationId: string) => selectAuthorizations(db, eq(apis.applicationId, applicationId));

/** What this application may call of the others'. */
export const authorizationsReceived = (db: Db, applicationId: string) =>
  selectAuthorizations(db, eq(grants.callerApplicationId, applicationId));

/**
 * The caller application's authorisations for the owner application's APIs that are in force now
 * (expiry decided by the database at the moment of asking): what the OAuth server's introspection
 * lets the caller's token reach; none while the caller application is disabled.
 */
export async function callableApis(db: Db, callerApplicationId: string, ownerApplicationId: string) {
  const rows = await db
    .select({ id: apis.id, method: apis.method, path: apis.path, expiresAt: grants.expiresAt })
    .from(grants)
    .innerJoin(apis, eq(apis.id, grants.apiId))
    // A disabled application calls nothing: it is switched off, whatever it was authorised for.
    .innerJoin(applications, and(eq(applications.id, grants.callerApplicationId), eq(applications.state, 'enabled')))
    .where(and(eq(grants.callerApplicationId, callerApplicationId), eq(apis.applicationId, ownerApplicationId), unexpired))
    .orderBy(asc(apis.path), asc(apis.method));
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt?.toISOString() ?? null }));
}

/** The applications authorised to call this API now (expiry decided by the database), by name: the catalogue's detail. */
export async function applicationsCalling(db: Db, apiId: string) {
  const rows = await db
    .select({
      authorizationId: grants.id,
      id: applications.id,
      instant: applications.instant,
      name: applications.name,
      state: applications.state,
      expiresAt: grants.expiresAt,
    })
    .from(grants)
    .innerJoin(applications, eq(applications.id, grants.callerApplicationId))
    .where(and(eq(grants.apiId, apiId), unexpired))
    .orderBy(asc(applications.name), asc(applications.id));
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt?.toISOString() ?? null }));
}

/** A new end must lie ahead: an authorisation that starts expired grants nothing and hides a mistake. */
function futureExpiry(expiresAt: string | null | undefined): Date | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (!(at.getTime() > Date.now())) throw invalid('expiresAt', 'expiresAt must be in the future');
  return at;
}

const oneOf = async (db: Db, applicationId: string, id: string) => {
  const [row] = await selectAuthorizations(db, and(eq(apis.applicationId, applicationId), eq(grants.id, id)));
  if (!row) throw notFound('The authorisation');
  return row;
};

const audit = (tx: Db, actor: AuditActor, action: string, applicationId: string, before: unknown, after: unknown) =>
  recordAudit(tx, actor, {
    action: `applications.apis.authorization.${action}`,
    targetType: 'application',
    targetId: applicationId,
    before,
    after,
  });

export async function authorizeCaller(db: Db, actor: AuditActor, applicationId: string, input: ApiAuthorizationInput) {
  const expiresAt = futureExpiry(input.expiresAt);
  if (input.callerApplicationId === applicationId)
    throw invalid('callerApplicationId', 'An application needs no authorisation to call itself');
  const id = await uniqueAsConflict(
    () =>
      transaction(db, async (tx) => {
        const [api] = await tx
          .select({ id: apis.id })
          .from(apis)
          .where(and(eq(apis.id, input.apiId), eq(apis.applicationId, applicationId)));
        if (!api) throw invalid('apiId', 'apiId names no API of this application');
        const [caller] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, input.callerApplicationId));
        if (!caller) throw invalid('callerApplicationId', 'callerApplicationId names no application');
        const [row] = await tx
          .insert(grants)
          .values({ apiId: api.id, callerApplicationId: caller.id, expiresAt, grantedBy: actor.actorId })
          .returning();
        if (!row) throw new Error('authorisation insert returned nothing');
        await audit(tx, actor, 'create', applicationId, undefined, row);
        return row.id;
      }),
    'An authorisation',
  );
  return oneOf(db, applicationId, id);
}

export async function changeExpiry(db: Db, actor: AuditActor, applicationId: string, id: string, expiresAtInput: string | null) {
  const expiresAt = futureExpiry(expiresAtInput);
  await transaction(db, async (tx) => {
    const before = await oneOf(tx, applicationId, id);
    await tx.update(grants).set({ expiresAt }).where(eq(grants.id, id));
    await audit(tx, actor, 'update', applicationId, { expiresAt: before.expiresAt }, { expiresAt });
  });
  return oneOf(db, applicationId, id);
}

export async function revokeAuthorization(db: Db, actor: AuditActor, applicationId: string, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await oneOf(tx, applicationId, id);
    await tx.delete(grants).where(eq(grants.id, id));
    await audit(tx, actor, 'delete', applicationId, before, undefined);
  });
}
