import type { AuthorizationSubject, AuthorizationSubjectQuery, AuthorizationSubjectType } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { containing } from '../../../../platform/paging.ts';
import { badRequest } from '../../../../platform/errors.ts';

/** How each kind of subject is read and holds a role: its table, its name and label, its link to roles. */
const KINDS: Record<AuthorizationSubjectType, { table: string; name: string; label: string; link: string; linkColumn: string }> = {
  user: { table: 'users', name: 'username', label: 'name', link: 'user_roles', linkColumn: 'user_id' },
  group: { table: 'groups', name: 'name', label: 'code', link: 'group_roles', linkColumn: 'group_id' },
  org: { table: 'organizations', name: 'name', label: 'code', link: 'org_roles', linkColumn: 'org_id' },
};

export const SUBJECT_TYPES = Object.keys(KINDS) as AuthorizationSubjectType[];

/** The table linking subjects of this type to roles, and its subject column. */
export const linkOf = (type: AuthorizationSubjectType) => ({
  table: sql.identifier(KINDS[type].link),
  column: sql.identifier(KINDS[type].linkColumn),
});

/** `select subjectType, subjectId, name, label` from the subjects of one type, aliased `s`, with `where`. */
export const subjectsOf = (type: AuthorizationSubjectType, where: (s: SQL) => SQL = () => sql`true`): SQL => {
  const kind = KINDS[type];
  const s = sql`${sql.identifier('s')}`;
  return sql`select ${type}::text as "subjectType", ${s}.id as "subjectId", ${s}.${sql.identifier(kind.name)} as name,
    ${s}.${sql.identifier(kind.label)} as label from ${sql.identifier(kind.table)} ${s} where ${where(s)}`;
};

/** The subject picker: of each type asked for, the first 20 by name whose name or label contains the keyword. */
export async function findSubjects(db: Db, query: AuthorizationSubjectQuery): Promise<AuthorizationSubject[]> {
  const pattern = containing(query.keyword);
  const types = query.subjectType ? [query.subjectType] : SUBJECT_TYPES;
  const perType = types.map((type) => {
    const kind = KINDS[type];
    const byName = (s: SQL) =>
      sql`(${s}.${sql.identifier(kind.name)} ilike ${pattern} or ${s}.${sql.identifier(kind.label)} ilike ${pattern})`;
    return sql`(${subjectsOf(type, byName)} order by name limit 20)`;
  });
  return rawRows<AuthorizationSubject>(db, sql.join(perType, sql` union all `));
}

/** The subject, or 400 naming it when there is no such user, group or organisation. */
export async function findSubject(db: Db, type: AuthorizationSubjectType, id: string): Promise<AuthorizationSubject> {
  const [subject] = await rawRows<AuthorizationSubject>(
    db,
    subjectsOf(type, (s) => sql`${s}.id = ${id}`),
  );
  if (!subject) throw badRequest(`subjectId: there is no ${type} ${id}`, { field: 'subjectId' });
  return subject;
}
