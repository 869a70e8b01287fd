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

const P = '/api/permission';
/** `METHOD:/api/permission/path` entries for an element. */
const calls = (...entries: string[]) => entries.map((entry) => entry.replace(':', `:${P}`));

/** Query, create, update and delete points of an administration page, with their calls. */
const crud = (calls_: { query: string[]; create?: string[]; update?: string[]; remove?: string[] }, extra: MenuSeedNode[] = []) => [
  element('query', 'Query', calls(...calls_.query)),
  ...(calls_.create ? [element('create', 'Create', calls(...calls_.create))] : []),
  ...(calls_.update ? [element('update', 'Edit', calls(...calls_.update))] : []),
  ...(calls_.remove ? [element('delete', 'Delete', calls(...calls_.remove))] : []),
  ...extra,
];

const ORG_TREE = ['GET:/v1/org/tree', 'GET:/v1/org/tree/whole'];

const ROOTS = {
  systemManage: page('systemManage', 'System management', {
    icon: 'SettingOutlined',
    redirect: 'overView',
    children: [
      page('overView', 'Overview', {
        icon: 'DashboardOutlined',
        children: [element('query', 'Query', calls('GET:/common/staticInfo', 'GET:/common/stats/top'))],
      }),
      page('organizationManage', 'Organisation management', {
        icon: 'ApartmentOutlined',
        children: [
          page('user', 'Users', {
            detail: true,
            children: crud(
              {
                query: [
                  'GET:/users',
                  'GET:/v2/users',
                  'GET:/users/{id}',
                  'GET:/users/{id}/resources',
                  'GET:/rels/users/groups/reverse',
                  'GET:/rels/roles/users/reverse',
                  'GET:/v1/stations/simple/list',
                  ...ORG_TREE,
                ],
                create: ['POST:/users'],
                update: ['PUT:/users/{id}', 'PUT:/users/{id}/roles/all', 'PUT:/users/{userId}/groups/all', 'PATCH:/users/{id}/password'],
                remove: ['DELETE:/users/{id}'],
              },
              [
                element('actived', 'Activate or disable', calls('POST:/users/{id}/actived', 'DELETE:/users/{id}/actived')),
                element('unlock', 'Unlock', calls('DELETE:/users/{userId}/lock')),
                element('resetTotp', 'Reset authenticator app', calls('DELETE:/users/{userId}/totp')),
                element('import', 'Import', calls('POST:/v1/org/{orgId}/users/files/excel', 'GET:/users/import/template')),
                element('export', 'Export', calls('GET:/v1/org/{orgId}/users/files/excel')),
              ],
            ),
          }),
          page('userGroup', 'User groups', {
            detail: true,
            children: crud(
              {
                query: ['GET:/groups', 'GET:/groups/{id}', 'GET:/rels/users/groups', 'GET:/rels/roles/groups/reverse'],
                create: ['POST:/groups'],
                update: ['PUT:/groups/{id}', 'POST:/rels/users/groups', 'DELETE:/rels/users/groups'],
                remove: ['DELETE:/groups/{id}'],
              },
              [element('actived', 'Activate or disable', calls('POST:/groups/{id}/actived', 'DELETE:/groups/{id}/actived'))],
            ),
          }),
          page('organization', 'Organisations', {
            detail: true,
            children: crud({
              query: [
                ...ORG_TREE,
                'GET:/v1/org/{orgId}',
                'GET:/v1/org/{orgId}/children/org',
                'GET:/v1/org/{orgId}/stations',
                'GET:/v1/org/{orgId}/users',
                'GET:/v1/org/{orgId}/roles',
                'GET:/v1/org/{orgId}/roles/owned',
                'GET:/v1/org/{orgId}/secondary',
                'GET:/v1/org/{orgId}/resource-ref',
              ],
              create: ['POST:/v1/org'],
              update: ['PUT:/v1/org/{orgId}', 'PATCH:/v1/org/{orgId}/order', 'PUT:/v1/org/{orgId}/roles', 'PUT:/v1/org/{orgId}/secondary'],
              remove: ['DELETE:/v1/org/{orgId}'],
            }),
          }),
          page('position', 'Positions', {
            detail: true,
            children: crud({
              query: [
                'GET:/v1/stations',
                'GET:/v1/stations/{id}',
                'GET:/v1/stations/simple/list',
                'GET:/v1/stations/{id}/users',
                'GET:/v1/stations/{id}/roles',
                ...ORG_TREE,
              ],
              create: ['POST:/v1/stations'],
              update: ['PUT:/v1/stations/{id}', 'PUT:/v1/stations/{id}/users', 'PUT:/v1/stations/{id}/roles'],
              remove: ['DELETE:/v1/stations/{id}'],
            }),
          }),
        ],
      }),
      page('roleManage', 'Roles', {
        icon: 'SafetyOutlined',
        detail: true,
        children: crud({
          query: [
            'GET:/roles',
            'GET:/roles/{roleId}',
            'GET:/roles/{roleId}/resources',
            'GET:/rels/roles/users',
            'GET:/rels/roles/groups',
            'GET:/menus',
          ],
          create: ['POST:/roles', 'POST:/roles/{roleId}/copy'],
          update: [
            'PUT:/roles/{roleId}',
            // The member and group pickers of the role's detail view.
            'GET:/v2/users',
            'GET:/groups',
            'PUT:/roles/{roleId}/resources',
            'POST:/rels/roles/users',
            'DELETE:/rels/roles/users',
            'POST:/rels/roles/groups',
            'DELETE:/rels/roles/groups',
          ],
          remove: ['DELETE:/roles/{roleId}'],
        }),
      }),
      page('navManage', 'Navigation', {
        icon: 'MenuOutlined',
        children: [
          page('menuManage', 'Menus', {
            children: crud({
              query: ['GET:/menus', 'GET:/menus/applications/{applicationId}/{type}'],
              create: ['POST:/menus'],
              update: ['PUT:/menus/{id}', 'PATCH:/menus/{id}/order'],
              remove: ['DELETE:/menus/{id}'],
            }),
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
      page('auditLog', 'Audit log', { icon: 'FileSearchOutlined', children: [element('query', 'Query', calls('GET:/audit-logs'))] }),
    ],
  }),
  dataShoppingCart: page('dataShoppingCart', 'Data shopping cart', {
    icon: 'ShoppingCartOutlined',
    redirect: 'dataResources',
    children: [
      page('toApplyFor', 'Apply for', {
        children: [page('dataResources', 'Data resources'), page('dataServices', 'Data services')],
      }),
      page('myApplication', 'My applications', { detail: true }),
    ],
  }),
  personalCenter: page('personalCenter', 'Personal centre', {
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
  OSS: page('OSS', 'Object storage', {
    icon: 'CloudServerOutlined',
    redirect: 'overView',
    children: [
      page('overView', 'Overview'),
      page('spaceList', 'Spaces', { detail: true }),
      page('authorizationPolicy', 'Authorisation policies'),
      page('statisticAnalysis', 'Statistics'),
    ],
  }),
  applicationManage: page('applicationManage', 'Applications', {
    icon: 'AppstoreOutlined',
    redirect: 'application',
    children: [
      page('application', 'Applications', {
        detail: true,
        children: [
          page('build', 'Build', { hide: true }),
          ...crud(
            {
              query: ['GET:/v4/applications', 'GET:/applications/{applicationId}', 'GET:/menus/applications/{applicationId}/{type}'],
              create: ['POST:/v4/applications', 'HEAD:/v4/applications/instant/{instant}'],
              update: ['PUT:/applications/{applicationId}', 'HEAD:/v4/applications/instant/{instant}'],
              remove: ['DELETE:/applications/{applicationId}'],
            },
            [
              element('state', 'Enable or disable', calls('PATCH:/applications/{applicationId}/state')),
              // The owner picker searches the users (GET /v2/users).
              element('owner', 'Change owner', calls('PATCH:/applications/{applicationId}/owner', 'GET:/v2/users')),
            ],
          ),
        ],
      }),
      page('api-management', 'API management', { detail: true }),
      page('page-models', 'Page models', { detail: true }),
    ],
  }),
  messageCenter: page('messageCenter', 'Message centre', {
    icon: 'MessageOutlined',
    redirect: 'messageRecord',
    children: [
      page('messageRecord', 'Message records', { detail: true }),
      page('messageTemplate', 'Message templates', { detail: true }),
      page('messageChannel', 'Channels'),
      page('sendMessage', 'Send a message', {
        // The message engine's own prefix, not calls()'s /api/permission.
        children: [element('send', 'Send', ['POST:/api/message-engine/common/notify'])],
      }),
      page('classifiedManagement', 'Classifications'),
    ],
  }),
};

/**
 * Each module's part of the catalogue, in menu order. The sections of modules still to come (the data
 * shopping cart, object storage) are kept by permission until their module takes them.
 */
export const PERMISSION_CATALOGUE: MenuSeedNode[] = [
  ROOTS.systemManage,
  ROOTS.dataShoppingCart,
  ROOTS.personalCenter,
  ROOTS.OSS,
  ROOTS.applicationManage,
];
export const MESSAGE_ENGINE_CATALOGUE: MenuSeedNode[] = [ROOTS.messageCenter];

/** The whole console menu as the web shows it; the server assembles the same from its modules' parts. */
export const MENU_CATALOGUE: MenuSeedNode[] = [...PERMISSION_CATALOGUE, ...MESSAGE_ENGINE_CATALOGUE];

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
