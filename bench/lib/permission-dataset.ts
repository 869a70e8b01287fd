/**
 * The permission-decision data set shared by our decider and casbin: users holding roles, roles
 * granted permission points (element api entries 'METHOD:/api/x/<n>'), and the (user, permission)
 * pairs to decide. Deterministic: a fixed seed gives the same data and pairs on every run.
 */
export const DATASET_SIZE = { users: 10_000, roles: 1_000, points: 1_000, pointsPerRole: 20, rolesPerUser: 3 };
/** Users whose decisions are timed (their grants are cached first), and the number of pairs. */
export const QUERY_SIZE = { users: 2_000, pairs: 300_000 };
const SEED = 20_261_123;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

export interface PermissionDataset {
  userIds: string[];
  roleIds: string[];
  /** Permission string of each point, `METHOD:/api/x/<n>`. */
  points: string[];
  /** Indexes into `points` granted to each role. */
  roleGrants: number[][];
  /** Indexes into `roleIds` held by each user. */
  userRoles: number[][];
}

export interface DecisionPair {
  userId: string;
  permission: string;
}

/** mulberry32: a small, fast, seedable generator; good enough to spread grants evenly. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (n: number) => Math.floor(next() * n);
  /** `count` distinct integers below `n`. */
  const distinct = (count: number, n: number) => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(below(n));
    return [...chosen];
  };
  return { below, distinct };
}

/** A valid UUID whose last group is the index, so ids are readable in a debugger. */
export const uuidOf = (kind: number, index: number) => `00000000-0000-4000-8${kind}00-${index.toString(16).padStart(12, '0')}`;

export function permissionDataset(): PermissionDataset {
  const random = generator(SEED);
  const { users, roles, points, pointsPerRole, rolesPerUser } = DATASET_SIZE;
  return {
    userIds: Array.from({ length: users }, (_, i) => uuidOf(1, i)),
    roleIds: Array.from({ length: roles }, (_, i) => uuidOf(2, i)),
    points: Array.from({ length: points }, (_, i) => `${METHODS[i % METHODS.length]}:/api/x/${i}`),
    roleGrants: Array.from({ length: roles }, () => random.distinct(pointsPerRole, points)),
    userRoles: Array.from({ length: users }, () => random.distinct(rolesPerUser, roles)),
  };
}

/**
 * Pairs over the first QUERY_SIZE.users users: every other pair names a point one of the user's roles
 * grants (allowed), the rest a point drawn from the whole catalogue (nearly always denied).
 */
export function decisionPairs(data: PermissionDataset): DecisionPair[] {
  const random = generator(SEED + 1);
  const pick = <T>(list: readonly T[]): T => list[random.below(list.length)] as T;
  return Array.from({ length: QUERY_SIZE.pairs }, (_, i) => {
    const user = random.below(QUERY_SIZE.users);
    const userId = data.userIds[user] as string;
    if (i % 2 === 1) return { userId, permission: pick(data.points) };
    const role = pick(data.userRoles[user] ?? []);
    return { userId, permission: data.points[pick(data.roleGrants[role] ?? [])] as string };
  });
}
