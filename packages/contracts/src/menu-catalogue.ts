/**
 * The console's menu tree (spec §2) as data. It is the permission catalogue: `path` nodes are pages,
 * `element` nodes are permission points gating the API calls listed in `api` as `METHOD:/path`.
 * A node's resource string is its ancestors' names and its own joined by ':'.
 */
export interface MenuSeedNode {
  name: string;
  title: string;
  type: 'path' | 'element';
  icon?: string;
  /** Landing redirect of a section: the child page name to open. */
  redirect?: string;
  /** The page has a detail view (a `detailId` sub-route). */
  detail?: boolean;
  /** Reachable but not listed in the menu. */
  hide?: boolean;
  api?: string[];
  children?: MenuSeedNode[];
}

const page = (name: string, title: string, extra: Partial<MenuSeedNode> = {}): MenuSeedNode => ({
  name,
  title,
  type: 'path',
  ...extra,
});

const element = (name: string, title: string, api: string[]): MenuSeedNode => ({
  name,
  title,
  type: 'element',
  api,
});

export const MENU_CATALOGUE: MenuSeedNode[] = [
  page('systemManage', 'System management', {
    icon: 'SettingOutlined',
    redirect: 'overView',
    children: [
      page('overView', 'Overview', { icon: 'DashboardOutlined' }),
      page('organizationManage', 'Organisation management', {
        icon: 'ApartmentOutlined',
        children: [
          page('user', 'Users', { detail: true }),
          page('userGroup', 'User groups', { detail: true }),
          page('organization', 'Organisations', { detail: true }),
          page('position', 'Positions', { detail: true }),
        ],
      }),
      page('roleManage', 'Roles', { icon: 'SafetyOutlined', detail: true }),
      page('navManage', 'Navigation', {
        icon: 'MenuOutlined',
        children: [
          page('menuManage', 'Menus', {
            children: [element('query', 'Query menus', ['GET:/api/permission/menus'])],
          }),
          page('themeSetting', 'Themes'),
        ],
      }),
      page('systemStyle', 'System style', {
        icon: 'BgColorsOutlined',
        children: [page('loginSetting', 'Sign-in page'), page('iconsSetting', 'Icons'), page('colorConfig', 'Colour schemes')],
      }),
      page('mapManage', 'Base maps', { icon: 'GlobalOutlined' }),
      page('systemSetting', 'System settings', { icon: 'ToolOutlined' }),
    ],
  }),
  page('dataShoppingCart', 'Data shopping cart', {
    icon: 'ShoppingCartOutlined',
    redirect: 'dataResources',
    children: [
      page('toApplyFor', 'Apply for', {
        children: [page('dataResources', 'Data resources'), page('dataServices', 'Data services')],
      }),
      page('myApplication', 'My applications', { detail: true }),
    ],
  }),
  page('personalCenter', 'Personal centre', {
    icon: 'UserOutlined',
    redirect: 'baseInfo',
    children: [
      page('baseInfo', 'Basic information'),
      page('securitySetting', 'Security'),
      page('qrApprove', 'Approve a QR sign-in', { hide: true }),
      page('boundAccount', 'Bound accounts', { hide: true }),
      page('privateMessages', 'Private messages', {
        children: [
          page('allMessages', 'All messages', { detail: true }),
          page('unreadMessages', 'Unread', { detail: true }),
          page('readMessages', 'Read', { detail: true }),
        ],
      }),
      page('selfApplication', 'My applications', {
        detail: true,
        children: [page('build', 'Build', { hide: true })],
      }),
      ...['appModeling', 'dataModeling', 'formDesigner', 'listDesigner', 'flowDesigner', 'webDesigner'].map((name) =>
        page(name, name, { hide: true }),
      ),
    ],
  }),
  page('OSS', 'Object storage', {
    icon: 'CloudServerOutlined',
    redirect: 'overView',
    children: [
      page('overView', 'Overview'),
      page('spaceList', 'Spaces', { detail: true }),
      page('authorizationPolicy', 'Authorisation policies'),
      page('statisticAnalysis', 'Statistics'),
    ],
  }),
  page('applicationManage', 'Applications', {
    icon: 'AppstoreOutlined',
    redirect: 'application',
    children: [
      page('application', 'Applications', {
        detail: true,
        children: [page('build', 'Build', { hide: true })],
      }),
      page('api-management', 'API management', { detail: true }),
      page('page-models', 'Page models', { detail: true }),
    ],
  }),
  page('messageCenter', 'Message centre', {
    icon: 'MessageOutlined',
    redirect: 'messageRecord',
    children: [
      page('messageRecord', 'Message records', { detail: true }),
      page('messageTemplate', 'Message templates', { detail: true }),
      page('messageChannel', 'Channels'),
      page('sendMessage', 'Send a message'),
      page('classifiedManagement', 'Classifications'),
    ],
  }),
];

/**
 * Sections every signed-in user holds without a grant: the personal centre is about the user's own
 * account, so it needs no role. Its calls are `signedIn` routes acting on the caller only.
 */
export const SELF_SERVICE_RESOURCES = ['personalCenter'] as const;

/** Walks the catalogue depth-first, giving each node with its resource string and parent's. */
export function* walkCatalogue(
  nodes: MenuSeedNode[] = MENU_CATALOGUE,
  parentResource: string | null = null,
): Generator<{ node: MenuSeedNode; resource: string; parentResource: string | null }> {
  for (const node of nodes) {
    const resource = parentResource ? `${parentResource}:${node.name}` : node.name;
    yield { node, resource, parentResource };
    if (node.children) yield* walkCatalogue(node.children, resource);
  }
}
