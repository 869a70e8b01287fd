/**
 * Query-key roots of the administration lists. Every query of a resource starts with its root, so
 * invalidating the root reloads all of them (tables, detail views, pickers).
 */
export const ADMIN_KEYS = {
  users: ['admin', 'users'],
  groups: ['admin', 'groups'],
  roles: ['admin', 'roles'],
  orgTree: ['admin', 'orgTree'],
  menuTree: ['admin', 'menuTree'],
  orgs: ['admin', 'orgs'],
  positions: ['admin', 'positions'],
} as const;
