import { eq } from 'drizzle-orm';
import type { OwnerCheck } from '../../../platform/access.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { PermissionService } from '../context.ts';
import { applications } from '../tables.ts';
import { isUuid } from '../../../platform/uuid.ts';
import { findApplication, type ApplicationRow } from './rows.ts';

/**
 * Calls on one application that its owner may make too (access `gatedOrOwner`). The access guard
 * lets a holder of an element listing the call through for every application and, asking
 * `ownsApplication`, the application's owner for their own; anyone else gets 403, whether the
 * application exists or not, so ids cannot be probed. Handlers then load the application the path
 * names (a point holder gets 404 for one that does not exist).
 */

/** The row, or undefined: the guard answers 403, never 404, for a missing application. */
const storedRow = async (db: Db, id: string): Promise<ApplicationRow | undefined> =>
  (await db.select().from(applications).where(eq(applications.id, id)).limit(1))[0];

/** The row the guard read for an owner's request: the handler does not read it again. */
const readByGuard = new WeakMap<object, ApplicationRow>();

/** The owner check of the applications' `gatedOrOwner` routes: the path's `applicationId` is the caller's. */
export const ownsApplication =
  (ps: PermissionService): OwnerCheck =>
  async (request, userId) => {
    const id = (request.params as { applicationId?: unknown }).applicationId;
    if (typeof id !== 'string' || !isUuid(id)) return false;
    const row = await storedRow(ps.db, id);
    if (row?.ownerId !== userId) return false;
    readByGuard.set(request, row);
    return true;
  };

/** The stored row of the application a request acts on (its access checked by the guard), or a 404. */
export async function applicationActedOn(ps: PermissionService, request: object, applicationId: string): Promise<ApplicationRow> {
  const read = readByGuard.get(request);
  return read?.id === applicationId ? read : findApplication(ps.db, applicationId);
}
