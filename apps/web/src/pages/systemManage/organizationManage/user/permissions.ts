/** Permission points of the users page (element resources of the menu catalogue). */
const PAGE = 'systemManage:organizationManage:user';

export const USER_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
  actived: `${PAGE}:actived`,
  unlock: `${PAGE}:unlock`,
  resetTotp: `${PAGE}:resetTotp`,
  import: `${PAGE}:import`,
  export: `${PAGE}:export`,
} as const;

/** Listing roles and groups to choose from belongs to their own pages' query points. */
export const ROLE_QUERY = 'systemManage:roleManage:query';
export const GROUP_QUERY = 'systemManage:organizationManage:userGroup:query';
