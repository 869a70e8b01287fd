import type { PageOf, PageQuery, User, UserListQuery, UserPickerItem } from '@portal/contracts';
import { and, asc, count, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/client.ts';
import { groupUsers, organizations, userPositions, userRoles, users } from '../../tables.ts';
import { containing, orderOf, pageOf, pageWindow, startingWith } from '../../../../platform/paging.ts';
import { toUser, userColumns } from './views.ts';

/**
 * The filter and page of a user list. `sort` may name any field: the member lists take PageQuery's
 * free sort, and one the list cannot sort by falls back to the default order.
 */
export type UserListFilter = Omit<UserListQuery, 'sort'> & Pick<PageQuery, 'sort'>;

/** The order when the caller names no sort field: GET /users by username, the member lists newest first. */
const defaultOrders = { username: [asc(users.username)], newest: [desc(users.createdAt)] };
export type UserListOrder = keyof typeof defaultOrders;

interface ListPlan {
  /** The conditions on the user row itself. */
  userWhere: SQL | undefined;
  /** With a subtree filter: the LIKE pattern of the organisations' paths. */
  subtreePrefix: string | undefined;
}

const subtreeCondition = (prefix: string) => sql`${organizations.path} like ${prefix}`;

/** The page's WHERE: the user conditions and, for a subtree, the organisation's path. */
const whereOf = (plan: ListPlan) => and(plan.userWhere, plan.subtreePrefix ? subtreeCondition(plan.subtreePrefix) : undefined);

/**
 * The filter of a user list as one WHERE clause. A subtree is matched by the organisation's
 * materialised path: its path is read first (a primary-key look-up), so the prefix reaches the
 * planner as a constant and `organizations_path_idx` (text_pattern_ops) serves the LIKE.
 * Null when the organisation asked for does not exist: the list is empty.
 */
async function planOf(db: Db, query: UserListFilter): Promise<ListPlan | null> {
  const conditions: (SQL | undefined)[] = [];
  let subtreePrefix: string | undefined;
  if (query.orgId && query.subtree) {
    const [org] = await db.select({ path: organizations.path }).from(organizations).where(eq(organizations.id, query.orgId)).limit(1);
    if (!org) return null;
    subtreePrefix = startingWith(org.path);
  } else if (query.orgId) {
    conditions.push(eq(users.orgId, query.orgId));
  }
  if (query.actived !== undefined) conditions.push(eq(users.actived, query.actived));
  if (query.keyword) {
    const pattern = containing(query.keyword);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)),
    );
  }
  if (query.positionId) {
    const positionId = query.positionId;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userPositions)
          .where(and(eq(userPositions.userId, users.id), eq(userPositions.positionId, positionId))),
      ),
    );
  }
  if (query.groupId) {
    const groupId = query.groupId;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(groupUsers)
          .where(and(eq(groupUsers.userId, users.id), eq(groupUsers.groupId, groupId))),
      ),
    );
  }
  if (query.roleId) {
    const roleId = query.roleId;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roleId))),
      ),
    );
  }
  return { userWhere: and(...conditions), subtreePrefix };
}

// updatedAt is for the member lists: GET /users's schema does not offer it.
const sortable = { username: users.username, name: users.name, createdAt: users.createdAt, updatedAt: users.updatedAt };
const orderBy = (query: UserListFilter, order: UserListOrder) => orderOf(query, sortable, defaultOrders[order], users.id);

/**
 * The number of users the filter matches. For a subtree it is summed organisation by organisation
 * (a LATERAL count per organisation through users_org_idx): joined as a whole, the planner prefers
 * scanning every user once the subtree holds a few percent of them (20 ms at 100,000 users, against
 * 4 ms this way).
 */
const countStatement = (db: Db, plan: ListPlan) => {
  if (!plan.subtreePrefix) return db.select({ total: count() }).from(users).where(plan.userWhere);
  const matching = plan.userWhere ? sql`and ${plan.userWhere}` : sql``;
  return db
    .select({ total: sql<number>`coalesce(sum(per_org.total), 0)::int` })
    .from(organizations)
    .innerJoinLateral(
      db
        .select({ total: sql`count(*)`.as('total') })
        .from(users)
        .where(sql`${users.orgId} = ${organizations.id} ${matching}`)
        .as('per_org'),
      sql`true`,
    )
    .where(subtreeCondition(plan.subtreePrefix));
};

const totalOf = async (statement: PromiseLike<{ total: number }[]>) => Number((await statement)[0]?.total ?? 0);

/**
 * The two statements of GET /users, the page and the count (null when the organisation asked for
 * does not exist), built but not run: listUsers runs them, the plan test explains them.
 */
export async function userListStatements(db: Db, query: UserListFilter, order: UserListOrder = 'username') {
  const plan = await planOf(db, query);
  if (!plan) return null;
  const window = pageWindow(query);
  const base = db.select(userColumns).from(users);
  const joined = plan.subtreePrefix
    ? base.innerJoin(organizations, eq(organizations.id, users.orgId))
    : base.leftJoin(organizations, eq(organizations.id, users.orgId));
  const rows = joined
    .where(whereOf(plan))
    .orderBy(...orderBy(query, order))
    .limit(window.size)
    .offset(window.offset);
  return { window, rows, total: countStatement(db, plan) };
}

/** GET /users: one page of users with their organisation's name and whether sign-in locked them out. */
export async function listUsers(db: Db, query: UserListFilter, order: UserListOrder = 'username'): Promise<PageOf<User>> {
  const statements = await userListStatements(db, query, order);
  if (!statements) return pageOf([], 0, pageWindow(query));
  // Two cheap statements side by side (on PostgreSQL each takes its own pooled connection).
  const [rows, total] = await Promise.all([statements.rows, totalOf(statements.total)]);
  return pageOf(rows.map(toUser), total, statements.window);
}

/** GET /v2/users: the same list with the few fields a picker needs. */
export async function listUserPicks(db: Db, query: UserListQuery): Promise<PageOf<UserPickerItem>> {
  const window = pageWindow(query);
  const plan = await planOf(db, query);
  if (!plan) return pageOf([], 0, window);
  const base = db.select({ id: users.id, username: users.username, name: users.name, orgName: organizations.name }).from(users);
  const joined = plan.subtreePrefix
    ? base.innerJoin(organizations, eq(organizations.id, users.orgId))
    : base.leftJoin(organizations, eq(organizations.id, users.orgId));
  const [rows, total] = await Promise.all([
    joined
      .where(whereOf(plan))
      .orderBy(...orderBy(query, 'username'))
      .limit(window.size)
      .offset(window.offset),
    totalOf(countStatement(db, plan)),
  ]);
  return pageOf(rows, total, window);
}

/** Who a member list may be narrowed to: an organisation (and its subtree), a group, a role's direct holders. */
type MemberFilter = Pick<UserListQuery, 'orgId' | 'subtree' | 'groupId' | 'roleId'>;

/**
 * The members of an organisation, a group or a role: GET /users's list under `filter`, newest first.
 * Only the paging fields of `query` are read: validation keeps unknown query keys, which must not
 * narrow the list (a stray `actived` or `positionId`).
 */
export const listMembers = (db: Db, { page, size, keyword, sort, order }: PageQuery, filter: MemberFilter) =>
  listUsers(db, { page, size, keyword, sort, order, ...filter }, 'newest');
