import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../../../platform/db/client.ts';

/**
 * An application a change may be confined to: its id, its owner and its root node's resource. Over
 * a change confined to it, its owner counts as holding the whole of its tree (check.ts).
 */
export interface ApplicationScope {
  id: string;
  ownerId: string | null;
  rootResource: string;
}

/** Whether a resource (text expression) is the application's root or lies below it. */
const inTree = (scope: ApplicationScope, resource: SQL) =>
  sql`(${resource} = ${scope.rootResource} or left(${resource}, ${scope.rootResource.length + 1}::int) = ${`${scope.rootResource}:`})`;

/** Whether the role (id as text) is one of the application's own, now or (deleted by this change) before. */
const applicationRole = (scope: ApplicationScope, roleId: SQL) => sql`(
  exists (select 1 from roles r where r.id::text = ${roleId} and r.application_id = ${scope.id})
  or exists (select 1 from change_journal d where d.tbl = 'roles' and d.pk = ${roleId} and d.old ->> 'application_id' = ${scope.id}::text)
)`;

/** Whether the menu node (id as text) lies in the application's tree in every state it has: now, and before this change. */
const treeNode = (scope: ApplicationScope, menuId: SQL) => sql`(
  (exists (select 1 from menus m where m.id::text = ${menuId})
    or exists (select 1 from change_journal d where d.tbl = 'menus' and d.pk = ${menuId} and d.old is not null))
  and not exists (select 1 from menus m where m.id::text = ${menuId} and not ${inTree(scope, sql`m.resource`)})
  and not exists (
    select 1 from change_journal d where d.tbl = 'menus' and d.pk = ${menuId} and d.old is not null
      and not ${inTree(scope, sql`(d.old ->> 'resource')`)}
  )
)`;

/**
 * Whether every change the journal holds stays within the application: its tree's nodes, the
 * grants of those nodes (by any role), and its own authorisation roles with who holds them. Such a
 * change can take from people only what the application gave them.
 */
export async function confinedTo(tx: Db, scope: ApplicationScope): Promise<boolean> {
  const part = (n: number) => sql`split_part(j.pk, '|', ${n}::int)`;
  const [outside] = await rawRows<{ tbl: string }>(
    tx,
    sql`select j.tbl from change_journal j where not (
      (j.tbl = 'menus' and ${treeNode(scope, sql`j.pk`)})
      or (j.tbl = 'role_menus' and (${treeNode(scope, part(2))} or ${applicationRole(scope, part(1))}))
      or (j.tbl = 'roles' and ${applicationRole(scope, sql`j.pk`)})
      or (j.tbl in ('user_roles', 'group_roles', 'org_roles') and ${applicationRole(scope, part(2))})
    ) limit 1`,
  );
  return outside === undefined;
}
