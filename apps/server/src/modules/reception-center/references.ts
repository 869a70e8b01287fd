import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whether the account named by `username` is locked out by sign-in failures right now, as a SQL
 * fragment other modules' queries embed (the users list's `locked` column). The counter's key is
 * `user:<lower-case username>` (sign-in/failures.ts). A scalar subquery rather than EXISTS: the
 * planner cannot turn it into a hashed scan of the whole counter table, so it stays one primary-key
 * look-up per row. Pass a qualified column: in a one-table select the ORM writes bare column names,
 * which inside the subquery could name its own columns.
 */
export const accountLockedNow = (username: SQL): SQL<boolean> =>
  sql<boolean>`coalesce((select f.locked_until > now() from sign_in_failures f where f.key = 'user:' || lower(${username})), false)`;

/**
 * Whether the application whose id is given has a web client, so it signs its users in by OpenID
 * Connect: a SQL fragment the workbench's list embeds, one look-up on the (application_id, kind)
 * unique index per row. Pass a qualified column (see above).
 */
export const hasWebClient = (applicationId: SQL | AnyColumn): SQL<boolean> =>
  sql<boolean>`exists (select 1 from oauth_clients c where c.application_id = ${applicationId} and c.kind = 'web')`;
