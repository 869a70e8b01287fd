import { Type, type Static } from 'typebox';

export interface MenuNode {
  id: string;
  parentId: string | null;
  name: string;
  title: string;
  type: 'path' | 'element';
  resource: string;
  icon: string | null;
  pageIcon: string | null;
  status: string | null;
  api: string[];
  detail: boolean;
  hide: boolean;
  redirect: string | null;
  sort: number;
  children: MenuNode[];
}

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** Shared, self-referencing schema: the server registers it once (addSchema), routes refer to it. */
export const MenuNodeSchema = Type.Object(
  {
    id: Type.String(),
    parentId: nullableString,
    name: Type.String(),
    title: Type.String(),
    type: Type.Union([Type.Literal('path'), Type.Literal('element')]),
    resource: Type.String(),
    icon: nullableString,
    pageIcon: nullableString,
    status: nullableString,
    api: Type.Array(Type.String()),
    detail: Type.Boolean(),
    hide: Type.Boolean(),
    redirect: nullableString,
    sort: Type.Integer(),
    children: Type.Array(Type.Unsafe<MenuNode>({ $ref: 'MenuNode#' })),
  },
  { $id: 'MenuNode' },
);
export const MenuNodeRef = Type.Unsafe<MenuNode>({ $ref: 'MenuNode#' });

/** GET /api/permission/users/resources/frontend: the caller's permitted menu and resource strings. */
export const FrontendResources = Type.Object({
  resources: Type.Array(Type.String()),
  menus: Type.Array(MenuNodeRef),
});
export type FrontendResources = Static<typeof FrontendResources>;
