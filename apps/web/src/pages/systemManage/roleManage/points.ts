import type { MenuNode } from '@portal/contracts';

/** A permission point of a page, e.g. 'systemManage:roleManage:create' (the catalogue's crud points). */
export const pointOf = (node: Pick<MenuNode, 'resource'>, point: 'query' | 'create' | 'update' | 'delete'): string =>
  `${node.resource}:${point}`;

/** The points the pickers need: adding members lists users, adding groups lists groups. */
export const USER_QUERY_POINT = 'systemManage:organizationManage:user:query';
export const GROUP_QUERY_POINT = 'systemManage:organizationManage:userGroup:query';
