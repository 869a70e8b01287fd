import type { MenuNode } from '@portal/contracts';

/** A permission point of a page, e.g. 'systemManage:roleManage:create' (the catalogue's crud points). */
export const pointOf = (node: Pick<MenuNode, 'resource'>, point: 'query' | 'create' | 'update' | 'delete'): string =>
  `${node.resource}:${point}`;
