/** Permission points of the positions page (element resources of the menu catalogue). */
const PAGE = 'systemManage:organizationManage:position';

export const POSITION_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
} as const;

/** Pickers list GET /v2/users and GET /roles, gated by the users and roles pages' query points. */
export const USER_QUERY = 'systemManage:organizationManage:user:query';
export const ROLE_QUERY = 'systemManage:roleManage:query';
