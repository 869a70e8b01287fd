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
