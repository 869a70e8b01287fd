/** Permission points of the user groups page (element resources of the menu catalogue). */
const PAGE = 'systemManage:organizationManage:userGroup';

export const GROUP_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
  actived: `${PAGE}:actived`,
} as const;
