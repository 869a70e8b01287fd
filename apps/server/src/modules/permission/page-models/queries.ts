import type { PageModel, PageModelDetail, PageModelQuery, PageModelVersion, PageOf } from '@portal/contracts';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { applications, pageModels, pageModelVersions, users } from '../tables.ts';

const columns = {
  id: pageModels.id,
  name: pageModels.name,
  applicationId: pageModels.applicationId,
  applicationName: applications.name,
  description: pageModels.description,
  currentVersion: pageModels.currentVersion,
  createdAt: pageModels.createdAt,
  updatedAt: pageModels.updatedAt,
};

const toPageModel = (row: Omit<PageModel, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): PageModel => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const selectModels = (db: Db, where: SQL | undefined) =>
  db.select(columns).from(pageModels).innerJoin(applications, eq(applications.id, pageModels.applicationId)).where(where).$dynamic();

const SORTABLE = { name: pageModels.name, currentVersion: pageModels.currentVersion, updatedAt: pageModels.updatedAt };

/** Page models by keyword (name) and application, newest change first unless sorted otherwise. */
export async function pageModelPage(db: Db, query: PageModelQuery): Promise<PageOf<PageModel>> {
  const window = pageWindow(query);
  const where = and(
    query.keyword ? ilike(pageModels.name, containing(query.keyword)) : undefined,
    query.applicationId ? eq(pageModels.applicationId, query.applicationId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectModels(db, where)
      .orderBy(...orderOf(query, SORTABLE, [desc(pageModels.updatedAt)], pageModels.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(pageModels).where(where),
  ]);
  return pageOf(rows.map(toPageModel), total?.count ?? 0, window);
}

/** Who saved a version is shown by name (null once that user is deleted). */
const versionColumns = { version: pageModelVersions.version, createdAt: pageModelVersions.createdAt, createdBy: users.name };

/** One version of a page model, with its definition; 404 naming what is missing. */
export async function pageModelVersion(db: Db, id: string, version: number): Promise<PageModelVersion> {
  const [row] = await db
    .select({ ...versionColumns, pageModelId: pageModelVersions.pageModelId, definition: pageModelVersions.definition })
    .from(pageModelVersions)
    .leftJoin(users, eq(users.id, pageModelVersions.createdBy))
    .where(and(eq(pageModelVersions.pageModelId, id), eq(pageModelVersions.version, version)));
  if (!row) throw notFound(`Version ${version} of the page model`);
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The detail: the model, its current definition, every version newest first. */
export async function pageModelDetail(db: Db, id: string): Promise<PageModelDetail> {
  const [row] = await selectModels(db, eq(pageModels.id, id));
  if (!row) throw notFound('The page model');
  const versions = await db
    .select(versionColumns)
    .from(pageModelVersions)
    .leftJoin(users, eq(users.id, pageModelVersions.createdBy))
    .where(eq(pageModelVersions.pageModelId, id))
    .orderBy(desc(pageModelVersions.version));
  const current = await pageModelVersion(db, id, row.currentVersion);
  return {
    ...toPageModel(row),
    definition: current.definition,
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
  };
}
