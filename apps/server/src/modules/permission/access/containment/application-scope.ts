import { sql, type SQL } from 'drizzle-orm';
import type { AuditActor } from '../../../../platform/audit.ts';
import { declareActor } from '../../../../platform/db/actor.ts';
import { rawRows, type Db } from '../../../../platform/db/client.ts';
import { transaction, type Tx } from '../../../../platform/db/transaction.ts';
import { AppError } from '../../../../platform/errors.ts';
import { PERMISSION_CHANGED_TOPIC } from '../decider.ts';
import { uuidArray } from '../effective-roles.ts';
import { describeItem } from './check.ts';
import { carrierItems, coveredByActor, grantItems } from './grants.ts';
import { afterChange, beforeChange } from './sources.ts';

/** The application an authorisation change is confined to: its id, owner and root node's resource. */
export interface AuthorizedApplication {
  id: string;
  ownerId: string | null;
  rootResource: string;
}

/** The tables an authorisation change may touch, with the position of the role id in each one's journal key. */
const ROLE_KEY_PART: Record<string, number> = { roles: 1, role_menus: 1, user_roles: 2, group_roles: 2, org_roles: 2 };

/** (tbl, role_id) of each journalled row: the role it is about, null for a row of another table. */
const touchedRoles = sql`
  select j.tbl, case j.tbl ${sql.raw(
    Object.entries(ROLE_KEY_PART)
      .map(([table, part]) => `when '${table}' then split_part(j.pk, '|', ${part})`)
      .join(' '),
  )} end as role_id from change_journal j`;

/** Journalled rows that are not about one of the application's own roles (in either state): none is allowed. */
const foreignRows = (applicationId: string): SQL => sql`
  select t.tbl, t.role_id from (${touchedRoles}) t
    left join roles r on r.id::text = t.role_id
    left join change_journal dropped on dropped.tbl = 'roles' and dropped.pk = t.role_id
    where t.role_id is null
      or coalesce(r.application_id::text, dropped.old ->> 'application_id') is distinct from ${applicationId}
    limit 1`;

/**
 * What the changed roles newly hand out that the actor may not give: an item the actor does not
 * hold, where the application's owner counts as holding its pages and points (not the calls its
 * points gate: those they must hold themselves), and any node outside the application's tree.
 */
const refusedItems = (actorId: string, application: AuthorizedApplication, roleIds: string[]): SQL => {
  const keys = { group: [], org: [], position: [], role: roleIds, menu: [] };
  const root = `res:${application.rootResource}`;
  const ownedTree = application.ownerId === actorId ? sql`union all select ${root}` : sql``;
  return sql`
    with due as ((${carrierItems(afterChange, keys)}) except (${carrierItems(beforeChange, keys)})),
    actor_items as (select item from (${grantItems(beforeChange, uuidArray([actorId]))}) held ${ownedTree})
    select distinct d.item from due d
      where not ${coveredByActor(sql`d.item`)}
        or (d.item like 'res:%' and d.item <> ${root} and left(d.item, ${root.length + 1}::int) <> ${`${root}:`})
      order by d.item
      limit 20`;
};

/**
 * The change transaction of an application's authorisations (applications/authorizations/): the
 * containment check confined to what such a change can do. It may touch only the application's own
 * roles, their nodes and who holds them, and may newly hand out only what the actor holds, the
 * owner counting as holding their application's nodes. The people authorised are not otherwise
 * acted on (nothing else they hold changes), so, unlike `changeAs`, what they hold elsewhere is not
 * compared with the actor's: an owner authorises any colleague for their application, and takes
 * away only what their application's authorisation gave.
 */
export function changeWithinApplication<T>(
  db: Db,
  actor: Pick<AuditActor, 'actorId'>,
  application: AuthorizedApplication,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { actorId } = actor;
  if (!actorId) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
  return transaction(db, async (tx) => {
    await declareActor(tx, { userId: actorId });
    const result = await change(tx);
    const [foreign] = await rawRows<{ tbl: string; role_id: string | null }>(tx, foreignRows(application.id));
    if (foreign) throw new Error(`an authorisation change touched ${foreign.tbl} beyond application ${application.id}`);
    const roles = await rawRows<{ id: string }>(tx, sql`select distinct role_id as id from (${touchedRoles}) t`);
    const roleIds = roles.map((row) => row.id);
    const refused = await rawRows<{ item: string }>(tx, refusedItems(actorId, application, roleIds));
    if (refused.length > 0) {
      const grants = refused.map((row) => describeItem(row.item));
      throw new AppError('FORBIDDEN', `This authorisation reaches beyond what you hold yourself: ${grants.slice(0, 5).join(', ')}`, {
        grants,
      });
    }
    await tx.execute(sql`delete from change_journal`);
    if (roleIds.length > 0) tx.afterCommit(PERMISSION_CHANGED_TOPIC);
    return result;
  });
}
