/** Permission points of the organisations page (element resources of the menu catalogue). */
const PAGE = 'systemManage:organizationManage:organization';

export const ORG_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
} as const;
