import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../platform/db/client.ts';
import { users } from '../../../tables.ts';
import { findOrg, membersOf } from '../../../organizations/queries.ts';
import type { UserSheetRow } from './sheet.ts';

const codesOf = (raw: string | null) => (raw ? raw.split(',') : []);

/**
 * The users of an organisation (and with `subtree`, of every organisation below it), by username,
 * with the codes of their positions and groups: the rows of the export, which import reads back.
 */
export async function exportRows(db: Db, orgId: string, subtree: boolean): Promise<{ orgCode: string; rows: UserSheetRow[] }> {
  const org = await findOrg(db, orgId);
  return { orgCode: org.code, rows: await sheetRowsOf(db, membersOf(db, org, subtree)) };
}

/** The users the condition selects, as rows of the template's columns, by username. */
export async function sheetRowsOf(db: Db, which: SQL): Promise<UserSheetRow[]> {
  // Qualified by hand: in a one-table select the ORM writes a bare "id", which inside these subqueries would name p.id or g.id.
  const positionCodes = sql<string | null>`(select string_agg(p.code, ',' order by p.code) from user_positions up
    join positions p on p.id = up.position_id where up.user_id = "users"."id")`;
  const groupCodes = sql<string | null>`(select string_agg(g.code, ',' order by g.code) from group_users gu
    join groups g on g.id = gu.group_id where gu.user_id = "users"."id")`;
  const rows = await db
    .select({ username: users.username, name: users.name, email: users.email, phone: users.phone, positionCodes, groupCodes })
    .from(users)
    .where(which)
    .orderBy(users.username);
  return rows.map((row) => ({ ...row, positionCodes: codesOf(row.positionCodes), groupCodes: codesOf(row.groupCodes) }));
}
