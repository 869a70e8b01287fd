declare const registered: unique symbol;

/**
 * A permission point the web checks: a menu element's resource string (its ancestors' names and
 * its own joined by ':'), taken from this registry only. The brand keeps a hand-typed string out of
 * `useCan`, so every point the web checks is listed below, where a test holds it to the catalogue.
 */
export type Point = string & { readonly [registered]: true };

/** The points of one page: `pointsOf('systemManage:roleManage', ['query', 'create'])` → `{ query, create }`. */
export function pointsOf<const Action extends string>(page: string, actions: readonly Action[]): Readonly<Record<Action, Point>> {
  return Object.fromEntries(actions.map((action) => [action, `${page}:${action}` as Point])) as Record<Action, Point>;
}

const CRUD = ['query', 'create', 'update', 'delete'] as const;

/** Every permission point the web checks, by page. */
export const POINTS = {
  user: pointsOf('systemManage:organizationManage:user', [...CRUD, 'actived', 'unlock', 'resetTotp', 'third', 'import', 'export']),
  userGroup: pointsOf('systemManage:organizationManage:userGroup', [...CRUD, 'actived']),
  organization: pointsOf('systemManage:organizationManage:organization', CRUD),
  position: pointsOf('systemManage:organizationManage:position', CRUD),
  role: pointsOf('systemManage:roleManage', CRUD),
  menu: pointsOf('systemManage:navManage:menuManage', CRUD),
  application: pointsOf('applicationManage:application', [
    ...CRUD,
    'state',
    'owner',
    'clients',
    'domQuery',
    'domEdit',
    'authorizations',
    'users',
    'apisQuery',
    'apisManage',
    'apisAuthorize',
  ]),
  apiCatalogue: pointsOf('applicationManage:api-management', ['query']),
  pageModel: pointsOf('applicationManage:page-models', CRUD),
  systemSetting: pointsOf('systemManage:systemSetting', ['query', 'update', 'third']),
  loginSetting: pointsOf('systemManage:systemStyle:loginSetting', ['query', 'update']),
  themeSetting: pointsOf('systemManage:navManage:themeSetting', ['query', 'update']),
  icons: pointsOf('systemManage:systemStyle:iconsSetting', ['query', 'create', 'delete']),
  colourScheme: pointsOf('systemManage:systemStyle:colorConfig', CRUD),
  baseMap: pointsOf('systemManage:mapManage', [...CRUD, 'state']),
  messageRecord: pointsOf('messageCenter:messageRecord', ['query', 'retry']),
  classification: pointsOf('messageCenter:classifiedManagement', [...CRUD, 'import']),
  messageChannel: pointsOf('messageCenter:messageChannel', [...CRUD, 'state', 'test', 'secret']),
  messageTemplate: pointsOf('messageCenter:messageTemplate', [...CRUD, 'receivers', 'preview']),
  ossOverview: pointsOf('OSS:overView', ['query']),
  space: pointsOf('OSS:spaceList', ['query', 'create', 'manage']),
  accessKey: pointsOf('OSS:authorizationPolicy', CRUD),
} as const;

/** The registry as a flat list (for the test that checks it against the catalogue). */
export const ALL_POINTS: readonly Point[] = Object.values(POINTS).flatMap((page) => Object.values<Point>(page));
