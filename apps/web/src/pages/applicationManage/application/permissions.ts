/** Permission points of the applications page (element resources of the menu catalogue). */
const PAGE = 'applicationManage:application';

export const APPLICATION_POINTS = {
  query: `${PAGE}:query`,
  create: `${PAGE}:create`,
  update: `${PAGE}:update`,
  remove: `${PAGE}:delete`,
  state: `${PAGE}:state`,
  owner: `${PAGE}:owner`,
} as const;
