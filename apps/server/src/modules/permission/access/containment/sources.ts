import { sql, type SQL } from 'drizzle-orm';

/** The primary-key columns of each journalled table, in the order the journal trigger joins them. */
const PRIMARY_KEYS = {
  users: ['id'],
  user_roles: ['user_id', 'role_id'],
  group_users: ['group_id', 'user_id'],
  user_positions: ['user_id', 'position_id'],
  group_roles: ['group_id', 'role_id'],
  groups: ['id'],
  org_roles: ['org_id', 'role_id'],
  organizations: ['id'],
  position_roles: ['position_id', 'role_id'],
  roles: ['id'],
  role_menus: ['role_id', 'menu_id'],
  menus: ['id'],
} as const;

export type JournalledTable = keyof typeof PRIMARY_KEYS;

/** Where a query reads a table from: its rows as they are now, or as they were when the transaction began. */
export type Source = (table: JournalledTable) => SQL;

export const afterChange: Source = (table) => sql`${sql.identifier(table)}`;

/**
 * The table as it was before this transaction changed it: the rows it has not touched, plus the
 * first image the journal kept of each row it touched (none for the rows it created).
 */
export const beforeChange: Source = (table) => {
  const name = sql.identifier(table);
  const pk = sql.join(
    PRIMARY_KEYS[table].map((column) => sql`x.${sql.identifier(column)}::text`),
    sql`, `,
  );
  return sql`(
    select x.* from ${name} x
      where not exists (select 1 from change_journal j where j.tbl = ${table} and j.pk = concat_ws('|', ${pk}))
    union all
    select (jsonb_populate_record(null::${name}, j.old)).* from change_journal j where j.tbl = ${table} and j.old is not null
  )`;
};
