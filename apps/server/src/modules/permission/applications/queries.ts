import { APPS_VISIBLE_TO_ALL, type Application, type ApplicationQuery, type PageOf } from '@portal/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { hasWebClient } from '../../reception-center/references.ts';
import { applications, menus, users } from '../tables.ts';
import type { UserGrants } from '../access/decider.ts';
import { isVisible } from '../access/resources.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { applicationColumns, selectApplications, toApplication } from './rows.ts';

const sortable = {
  name: applications.name,
  instant: applications.instant,
  type: applications.type,
  state: applications.state,
  sort: applications.sort,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};
const defaultOrder = [asc(applications.sort), asc(applications.name)];

/** The console's list: keyword over instant and name, type and state filters. */
export async function pageApplications(db: Db, query: ApplicationQuery): Promise<PageOf<Application>> {
  const window = pageWindow(query);
  const where = and(
    query.type ? eq(applications.type, query.type) : undefined,
    query.state ? eq(applications.state, query.state) : undefined,
    query.keyword
      ? or(ilike(applications.instant, containing(query.keyword)), ilike(applications.name, containing(query.keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectApplications(db)
      .where(where)
      .orderBy(...orderOf(query, sortable, defaultOrder, applications.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(applications).where(where),
  ]);
  return pageOf(rows.map(toApplication), total?.count ?? 0, window);
}

/** Applications the user owns, whatever their state. */
export async function ownedApplications(db: Db, userId: string): Promise<Application[]> {
  const rows = await selectApplications(db)
    .where(eq(applications.ownerId, userId))
    .orderBy(...defaultOrder, asc(applications.id));
  return rows.map(toApplication);
}

/**
 * Enabled applications the user may open: their resources reach the application's root node (it,
 * something above it, or something below it), they hold every resource, or the application is one
 * of those everyone has. A third-party one with a web client is marked `singleSignOn` (same query).
 */
export async function visibleApplications(db: Db, grants: UserGrants): Promise<Application[]> {
  const rows = await db
    .select({ ...applicationColumns, rootResource: menus.resource, webClient: hasWebClient(applications.id) })
    .from(applications)
    .leftJoin(users, eq(users.id, applications.ownerId))
    .innerJoin(menus, eq(menus.id, applications.menuId))
    .where(eq(applications.state, 'enabled'))
    .orderBy(...defaultOrder, asc(applications.id));
  const everyone: readonly string[] = APPS_VISIBLE_TO_ALL;
  return rows
    .filter((row) => grants.all || everyone.includes(row.instant) || isVisible(row.rootResource, grants.resources))
    .map(({ rootResource: _rootResource, webClient, ...row }) =>
      row.type === 'WebThird' && webClient ? { ...toApplication(row), singleSignOn: true } : toApplication(row),
    );
}
