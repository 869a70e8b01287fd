/** Permission points of the positions page (element resources of the menu catalogue). */
const PAGE = 'systemManage:organizationManage:position';

export const POSITION_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
} as const;
