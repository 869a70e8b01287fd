import type {
  ApplicationAuthorization,
  ApplicationAuthorizationQuery,
  AuthorizationSubjectType,
  AuthorizedNode,
  PageOf,
} from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../../../platform/audit.ts';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { AppError, badRequest } from '../../../../platform/errors.ts';
import { containing, pageOf, pageWindow } from '../../../../platform/paging.ts';
import { changeAs } from '../../access/containment/change.ts';
import { uuidArray } from '../../access/effective-roles.ts';
import type { ApplicationRow } from '../rows.ts';
import { scopeOf } from '../scope.ts';
import { findSubject, linkOf, SUBJECT_TYPES, subjectsOf } from './subjects.ts';

/** The role one subject's authorisation for an application is kept in (one per application and subject). */
const roleCodeOf = (applicationId: string, type: AuthorizationSubjectType, subjectId: string) =>
  `application-${applicationId}-${type}-${subjectId}`;

type AuthorizationRow = Omit<ApplicationAuthorization, 'nodes' | 'updatedAt'> & { role_id: string; updated_at: string };

/** Every subject authorised for the application, with the role that holds its authorisation. */
const authorizedSubjects = (applicationId: string, types: AuthorizationSubjectType[]): SQL =>
  sql.join(
    types.map((type) => {
      const link = linkOf(type);
      return sql`select s.*, r.id as role_id, r.updated_at from (${subjectsOf(type)}) s
        join ${link.table} l on l.${link.column} = s."subjectId"
        join roles r on r.id = l.role_id and r.application_id = ${applicationId}`;
    }),
    sql` union all `,
  );

/** The nodes each role grants, by role id. */
async function nodesOf(db: Db, roleIds: string[]): Promise<Map<string, AuthorizedNode[]>> {
  const rows = await rawRows<AuthorizedNode & { role_id: string }>(
    db,
    sql`select rm.role_id, m.id, m.resource, m.title, m.type from role_menus rm join menus m on m.id = rm.menu_id
      where rm.role_id = any(${uuidArray(roleIds)}) order by m.resource`,
  );
  const byRole = new Map<string, AuthorizedNode[]>();
  for (const { role_id, ...node } of rows) byRole.set(role_id, [...(byRole.get(role_id) ?? []), node]);
  return byRole;
}

async function withNodes(db: Db, rows: AuthorizationRow[]): Promise<ApplicationAuthorization[]> {
  const nodes = await nodesOf(
    db,
    rows.map((row) => row.role_id),
  );
  return rows.map(({ role_id, updated_at, ...subject }) => ({
    ...subject,
    nodes: nodes.get(role_id) ?? [],
    updatedAt: new Date(updated_at).toISOString(),
  }));
}

/** GET …/authorizations: one page of the subjects authorised, users first, each type by name. */
export async function listAuthorizations(
  db: Db,
  applicationId: string,
  query: ApplicationAuthorizationQuery,
): Promise<PageOf<ApplicationAuthorization>> {
  const window = pageWindow(query);
  const all = authorizedSubjects(applicationId, query.subjectType ? [query.subjectType] : SUBJECT_TYPES);
  const where = query.keyword ? sql`where a.name ilike ${containing(query.keyword)} or a.label ilike ${containing(query.keyword)}` : sql``;
  const [rows, [total]] = await Promise.all([
    rawRows<AuthorizationRow>(
      db,
      sql`select * from (${all}) a ${where}
        order by array_position(array['user', 'group', 'org'], a."subjectType"), a.name, a."subjectId"
        limit ${window.size} offset ${window.offset}`,
    ),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from (${all}) a ${where}`),
  ]);
  return pageOf(await withNodes(db, rows), total?.n ?? 0, window);
}

/** One subject's authorisation, or null when it has none. */
async function authorizationOf(db: Db, applicationId: string, type: AuthorizationSubjectType, subjectId: string) {
  const rows = await rawRows<AuthorizationRow>(
    db,
    sql`select * from (${authorizedSubjects(applicationId, [type])}) a where a."subjectId" = ${subjectId}`,
  );
  const [authorization] = await withNodes(db, rows);
  return authorization ?? null;
}

/** The nodes named, each of which must be the application's root or lie below it (400 naming the first that does not). */
async function nodesInTree(db: Db, root: string, nodeIds: string[]): Promise<void> {
  const inside = await rawRows<{ id: string }>(
    db,
    sql`select id from menus where id = any(${uuidArray(nodeIds)})
      and (resource = ${root} or left(resource, ${root.length + 1}::int) = ${`${root}:`})`,
  );
  const found = new Set(inside.map((row) => row.id));
  const outside = nodeIds.find((id) => !found.has(id));
  if (outside) throw badRequest(`nodeIds: ${outside} is not a node of the application's resource tree`, { field: 'nodeIds' });
}

/**
 * PUT …/authorizations/{subjectType}/{subjectId}: the subject holds exactly these nodes of the
 * application's tree from now on. Checked (application-scope.ts): the actor must hold the calls the
 * points gate; the owner counts as holding the application's own nodes.
 */
export async function setAuthorization(
  db: Db,
  actor: AuditActor,
  application: ApplicationRow,
  type: AuthorizationSubjectType,
  subjectId: string,
  nodeIds: string[],
): Promise<ApplicationAuthorization> {
  const subject = await findSubject(db, type, subjectId);
  const scope = await scopeOf(db, application);
  await nodesInTree(db, scope.rootResource, nodeIds);
  const code = roleCodeOf(application.id, type, subjectId);
  const before = await authorizationOf(db, application.id, type, subjectId);
  const write = async (tx: Db) => {
    const [role] = await rawRows<{ id: string }>(
      tx,
      sql`insert into roles (code, name, description, application_id)
        values (${code}, ${`${application.name}: ${subject.name}`}, ${`Authorisation of ${type} ${subject.name} for ${application.instant}`}, ${application.id})
        on conflict (code) do update set updated_at = now() where roles.application_id = ${application.id}
        returning id`,
    );
    if (!role) throw new AppError('CONFLICT', `A role with the code ${code} exists and is not this application's`);
    await tx.execute(sql`delete from role_menus where role_id = ${role.id} and not (menu_id = any(${uuidArray(nodeIds)}))`);
    await tx.execute(
      sql`insert into role_menus (role_id, menu_id) select ${role.id}, unnest(${uuidArray(nodeIds)}) on conflict do nothing`,
    );
    const link = linkOf(type);
    await tx.execute(sql`insert into ${link.table} (${link.column}, role_id) values (${subjectId}, ${role.id}) on conflict do nothing`);
    await recordAudit(tx, actor, {
      action: 'applications.authorizations.set',
      targetType: 'application',
      targetId: application.id,
      before: before && { subjectType: type, subjectId, nodes: before.nodes.map((node) => node.resource) },
      after: { subjectType: type, subjectId, nodeIds },
    });
  };
  await changeAs(db, actor, write, scope);
  const after = await authorizationOf(db, application.id, type, subjectId);
  if (!after) throw new Error('the authorisation just written is missing');
  return after;
}

/** DELETE …/authorizations/{subjectType}/{subjectId}: takes away what this authorisation gave (404 when there is none). */
export async function removeAuthorization(
  db: Db,
  actor: AuditActor,
  application: ApplicationRow,
  type: AuthorizationSubjectType,
  subjectId: string,
): Promise<void> {
  const before = await authorizationOf(db, application.id, type, subjectId);
  if (!before) throw new AppError('NOT_FOUND', `This ${type} holds no authorisation for the application`);
  const write = async (tx: Db) => {
    await tx.execute(
      sql`delete from roles where code = ${roleCodeOf(application.id, type, subjectId)} and application_id = ${application.id}`,
    );
    await recordAudit(tx, actor, {
      action: 'applications.authorizations.remove',
      targetType: 'application',
      targetId: application.id,
      before: { subjectType: type, subjectId, nodes: before.nodes.map((node) => node.resource) },
    });
  };
  await changeAs(db, actor, write, await scopeOf(db, application));
}
