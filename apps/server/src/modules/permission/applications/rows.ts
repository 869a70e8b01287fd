import type { Application } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { findOr404 } from '../../../platform/db/existence.ts';
import type { Db } from '../../../platform/db/client.ts';
import { applications, users } from '../tables.ts';
import { notFound } from '../../../platform/errors.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/** Select list of an application with its owner's name. */
export const applicationColumns = {
  id: applications.id,
  instant: applications.instant,
  name: applications.name,
  type: applications.type,
  category: applications.category,
  pathname: applications.pathname,
  appUrl: applications.appUrl,
  openType: applications.openType,
  appCategory: applications.appCategory,
  redirect: applications.redirect,
  icon: applications.icon,
  description: applications.description,
  state: applications.state,
  firstParty: applications.firstParty,
  ownerId: applications.ownerId,
  ownerName: users.name,
  menuId: applications.menuId,
  sort: applications.sort,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

type Selected = Omit<Application, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export const toApplication = (row: Selected): Application => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Applications with their owner's name: add `.where()`, `.orderBy()` and paging. */
export const selectApplications = (db: Db) =>
  db.select(applicationColumns).from(applications).leftJoin(users, eq(users.id, applications.ownerId));

/** The application with its owner's name, or undefined when there is none. */
export async function applicationById(db: Db, id: string): Promise<Application | undefined> {
  const [row] = await selectApplications(db).where(eq(applications.id, id));
  return row && toApplication(row);
}

export async function getApplication(db: Db, id: string): Promise<Application> {
  const application = await applicationById(db, id);
  if (!application) throw notFound('The application');
  return application;
}

/** The stored row (for changes), or a 404. */
export const findApplication = (db: Db, id: string): Promise<ApplicationRow> => findOr404(db, applications, id, 'The application');
