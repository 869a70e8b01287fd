import { permissionKeyOf, type Endpoint } from './endpoint.ts';
import { channelEndpoints } from './message-engine/channels.ts';
import { classificationEndpoints } from './message-engine/classifications.ts';
import { messageEndpoints } from './message-engine/messages.ts';
import { notifyEndpoints } from './message-engine/notify.ts';
import { templateEndpoints } from './message-engine/templates.ts';
import { bucketAccessEndpoints, groupGrantEndpoints, userGrantEndpoints } from './oss/access.ts';
import { analysisEndpoints } from './oss/analysis.ts';
import { everyKeyEndpoints } from './oss/authorizations.ts';
import { bucketEndpoints } from './oss/buckets.ts';
import { objectEndpoints } from './oss/objects.ts';
import { groupEndpoints } from './permission/groups.ts';
import { positionEndpoints } from './permission/positions.ts';
import { relationEndpoints } from './permission/relations.ts';
import {
  applicationClientEndpoints,
  apiAuthorizationEndpoints,
  applicationDomEndpoints,
  apiCatalogueEndpoints,
  applicationAuthorizationEndpoints,
  applicationEndpoints,
  applicationSelfEndpoints,
  externalApiEndpoints,
  auditLogEndpoints,
  menuEndpoints,
  organizationEndpoints,
  organizationMemberEndpoints,
  overviewEndpoints,
  pageModelEndpoints,
  roleEndpoints,
} from './permission/admin/index.ts';
import {
  applicationUserEndpoints,
  thirdBindingEndpoints,
  userEndpoints,
  userExcelEndpoints,
  userStateEndpoints,
} from './permission/users/index.ts';
import { baseMapEndpoints, colourSchemeEndpoints, dictionaryEndpoints, iconEndpoints } from './system-config/index.ts';
import { thirdSettingsEndpoints } from './system-config/identity-providers.ts';
import { SETTINGS_ENDPOINTS } from './system-config/settings-endpoints.ts';

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

/** A permission point: the endpoints it gates, listed by reference (their `METHOD:/path` keys are stored). */
const element = (name: string, title: string, endpoints: Endpoint[]): MenuSeedNode => ({
  name,
  title,
  type: 'element',
  api: [...new Set(endpoints.map(permissionKeyOf))],
});

/** Query, create, update and delete points of an administration page, with the endpoints each gates. */
const crud = (points: { query: Endpoint[]; create?: Endpoint[]; update?: Endpoint[]; remove?: Endpoint[] }, extra: MenuSeedNode[] = []) => [
  element('query', 'Query', points.query),
  ...(points.create ? [element('create', 'Create', points.create)] : []),
  ...(points.update ? [element('update', 'Edit', points.update)] : []),
  ...(points.remove ? [element('delete', 'Delete', points.remove)] : []),
  ...extra,
];

const ORG_TREE = [organizationEndpoints.treeLevel, organizationEndpoints.wholeTree];

/** The system settings' sections: reading one (and its history), and changing one (saving or restoring a version). */
const settingsSections = Object.values(SETTINGS_ENDPOINTS);
const SETTINGS_POINTS = crud({
  query: settingsSections.flatMap((section) => [section.get, section.versions, section.version]),
  update: settingsSections.flatMap((section) => [section.get, section.replace, section.restore]),
});
/**
 * Pages that edit a part of the base section (the sign-in page's design, the default look): reading
 * it, and saving the section with that part changed. No history: that is System settings'.
 */
const BASE_PART_POINTS = crud({
  query: [SETTINGS_ENDPOINTS.base.get],
  update: [SETTINGS_ENDPOINTS.base.get, SETTINGS_ENDPOINTS.base.replace],
});

/**
 * Message templates: editing checks id and name as they are typed, previews as the template is
 * written and picks its channel; the receivers point edits the default receivers with the people
 * pickers' searches.
 */
const TEMPLATE_EDITING = [templateEndpoints.idTaken, templateEndpoints.nameTaken, templateEndpoints.preview, channelEndpoints.simpleList];
const TEMPLATE_POINTS = crud(
  {
    // The channel filter and picker list the channels.
    query: [templateEndpoints.list, templateEndpoints.get, templateEndpoints.receivers, channelEndpoints.simpleList],
    create: [templateEndpoints.create, ...TEMPLATE_EDITING],
    update: [templateEndpoints.update, ...TEMPLATE_EDITING],
    remove: [templateEndpoints.remove],
  },
  [
    element('receivers', 'Default receivers', [
      templateEndpoints.receivers,
      templateEndpoints.setReceivers,
      userEndpoints.picks,
      roleEndpoints.list,
      groupEndpoints.list,
      ...ORG_TREE,
    ]),
    element('preview', 'Preview', [templateEndpoints.preview]),
  ],
);

/**
 * Spaces (buckets): the bucket and object calls check the caller's level on the bucket themselves
 * (owner, user and group grants). `query` reads every bucket and `manage` administers every bucket,
 * whoever owns it: the platform administrators' points; `create` makes new buckets.
 */
const BUCKET_READS = [bucketEndpoints.list, bucketEndpoints.get, objectEndpoints.list, objectEndpoints.get];
const SPACE_POINTS = crud({ query: BUCKET_READS, create: [bucketEndpoints.create] }, [
  element('manage', 'Manage every space', [
    ...BUCKET_READS,
    ...Object.values(bucketEndpoints).filter((e) => e !== bucketEndpoints.overview && e !== bucketEndpoints.create),
    ...Object.values(objectEndpoints).filter((e) => e !== objectEndpoints.publicGet),
    ...Object.values(bucketAccessEndpoints),
    ...Object.values(userGrantEndpoints),
    ...Object.values(groupGrantEndpoints),
    userEndpoints.picks,
    groupEndpoints.list,
  ]),
]);

/**
 * Every user's S3 access keys (v2). Each change, creation or new secret is also checked for
 * containment: refused for a user holding anything the administrator does not. The owner picker
 * searches the users. A user's own keys (v1) need no point.
 */
const KEY_POINTS = crud({
  query: [everyKeyEndpoints.list, everyKeyEndpoints.get, userEndpoints.picks],
  create: [everyKeyEndpoints.create, userEndpoints.picks, bucketEndpoints.list],
  update: [everyKeyEndpoints.update, everyKeyEndpoints.rotate, bucketEndpoints.list],
  remove: [everyKeyEndpoints.remove],
});

/**
 * An application's external APIs and the authorisations of other applications to call them, on
 * every application (an application's owner manages their own without these points); and its users'
 * import and export.
 */
const APPLICATION_API_POINTS = [
  element('apisQuery', 'External APIs: read', [
    externalApiEndpoints.list,
    externalApiEndpoints.get,
    apiAuthorizationEndpoints.list,
    apiAuthorizationEndpoints.received,
  ]),
  element('apisManage', 'External APIs: edit and import', Object.values(externalApiEndpoints)),
  element('apisAuthorize', 'Authorise other applications', [
    externalApiEndpoints.list,
    applicationEndpoints.list,
    ...Object.values(apiAuthorizationEndpoints),
  ]),
  element('users', 'Import and export its users', [
    applicationUserEndpoints.import,
    applicationUserEndpoints.export,
    userExcelEndpoints.template,
  ]),
];
/** Page models: the application picker of the list's filter and of the form lists the applications. */
const PAGE_MODEL_POINTS = crud({
  query: [pageModelEndpoints.list, pageModelEndpoints.get, pageModelEndpoints.version, applicationEndpoints.list],
  create: [pageModelEndpoints.create, applicationEndpoints.list],
  update: [pageModelEndpoints.update, pageModelEndpoints.get, applicationEndpoints.list],
  remove: [pageModelEndpoints.remove],
});

const ROOTS = {
  systemManage: page('systemManage', 'System management', {
    icon: 'SettingOutlined',
    redirect: 'overView',
    children: [
      page('overView', 'Overview', {
        icon: 'DashboardOutlined',
        children: [element('query', 'Query', [overviewEndpoints.counts, overviewEndpoints.topTen])],
      }),
      page('organizationManage', 'Organisation management', {
        icon: 'ApartmentOutlined',
        children: [
          page('user', 'Users', {
            detail: true,
            children: crud(
              {
                query: [
                  userEndpoints.list,
                  userEndpoints.picks,
                  userEndpoints.get,
                  userStateEndpoints.resources,
                  thirdBindingEndpoints.ofUser,
                  relationEndpoints.groupUsers.reverse,
                  relationEndpoints.roleUsers.reverse,
                  positionEndpoints.simpleList,
                  ...ORG_TREE,
                ],
                create: [userEndpoints.create],
                update: [userEndpoints.update, userStateEndpoints.setRoles, userStateEndpoints.setGroups, userStateEndpoints.setPassword],
                remove: [userEndpoints.remove],
              },
              [
                element('actived', 'Activate or disable', [userStateEndpoints.activate, userStateEndpoints.disable]),
                element('unlock', 'Unlock', [userStateEndpoints.unlock]),
                element('resetTotp', 'Reset authenticator app', [userStateEndpoints.resetTotp]),
                element('third', 'Link or unlink accounts at identity providers', [
                  thirdBindingEndpoints.ofUser,
                  thirdBindingEndpoints.link,
                  thirdBindingEndpoints.unlink,
                ]),
                element('import', 'Import', [userExcelEndpoints.import, userExcelEndpoints.template]),
                element('export', 'Export', [userExcelEndpoints.export]),
              ],
            ),
          }),
          page('userGroup', 'User groups', {
            detail: true,
            children: crud(
              {
                query: [groupEndpoints.list, groupEndpoints.get, relationEndpoints.groupUsers.list, relationEndpoints.roleGroups.reverse],
                create: [groupEndpoints.create],
                update: [groupEndpoints.update, relationEndpoints.groupUsers.add, relationEndpoints.groupUsers.remove],
                remove: [groupEndpoints.remove],
              },
              [element('actived', 'Activate or disable', [groupEndpoints.activate, groupEndpoints.disable])],
            ),
          }),
          page('organization', 'Organisations', {
            detail: true,
            children: crud({
              query: [
                ...ORG_TREE,
                organizationEndpoints.get,
                organizationEndpoints.children,
                organizationMemberEndpoints.positions,
                organizationMemberEndpoints.members,
                organizationMemberEndpoints.roles,
                organizationMemberEndpoints.ownedRoles,
                organizationMemberEndpoints.secondaryUsers,
                organizationMemberEndpoints.references,
              ],
              create: [organizationEndpoints.create],
              update: [
                organizationEndpoints.update,
                organizationEndpoints.move,
                organizationMemberEndpoints.setRoles,
                organizationMemberEndpoints.setSecondaryUsers,
              ],
              remove: [organizationEndpoints.remove],
            }),
          }),
          page('position', 'Positions', {
            detail: true,
            children: crud({
              query: [
                positionEndpoints.list,
                positionEndpoints.get,
                positionEndpoints.simpleList,
                positionEndpoints.users,
                positionEndpoints.roles,
                ...ORG_TREE,
              ],
              create: [positionEndpoints.create],
              update: [positionEndpoints.update, positionEndpoints.setUsers, positionEndpoints.setRoles],
              remove: [positionEndpoints.remove],
            }),
          }),
        ],
      }),
      page('roleManage', 'Roles', {
        icon: 'SafetyOutlined',
        detail: true,
        children: crud({
          query: [
            roleEndpoints.list,
            roleEndpoints.get,
            roleEndpoints.resources,
            relationEndpoints.roleUsers.list,
            relationEndpoints.roleGroups.list,
            menuEndpoints.tree,
          ],
          create: [roleEndpoints.create, roleEndpoints.copy],
          update: [
            roleEndpoints.update,
            // The member and group pickers of the role's detail view.
            userEndpoints.picks,
            groupEndpoints.list,
            roleEndpoints.setResources,
            relationEndpoints.roleUsers.add,
            relationEndpoints.roleUsers.remove,
            relationEndpoints.roleGroups.add,
            relationEndpoints.roleGroups.remove,
          ],
          remove: [roleEndpoints.remove],
        }),
      }),
      page('navManage', 'Navigation', {
        icon: 'MenuOutlined',
        children: [
          page('menuManage', 'Menus', {
            children: crud({
              query: [menuEndpoints.tree, applicationSelfEndpoints.menuTree],
              create: [menuEndpoints.create],
              update: [menuEndpoints.update, menuEndpoints.move],
              remove: [menuEndpoints.remove],
            }),
          }),
          page('themeSetting', 'Themes', { children: BASE_PART_POINTS }),
        ],
      }),
      page('systemStyle', 'System style', {
        icon: 'BgColorsOutlined',
        children: [
          page('loginSetting', 'Sign-in page', { children: BASE_PART_POINTS }),
          page('iconsSetting', 'Icons', {
            children: crud({
              query: [iconEndpoints.classifications, iconEndpoints.list],
              create: [iconEndpoints.upload],
              remove: [iconEndpoints.remove, iconEndpoints.cleanUp],
            }),
          }),
          page('colorConfig', 'Colour schemes', {
            children: crud({
              query: [colourSchemeEndpoints.list, colourSchemeEndpoints.get],
              create: [colourSchemeEndpoints.create],
              update: [colourSchemeEndpoints.update, colourSchemeEndpoints.setTop],
              remove: [colourSchemeEndpoints.remove],
            }),
          }),
        ],
      }),
      page('mapManage', 'Base maps', {
        icon: 'GlobalOutlined',
        children: crud(
          {
            query: [baseMapEndpoints.list, baseMapEndpoints.get],
            create: [baseMapEndpoints.create],
            update: [baseMapEndpoints.update, baseMapEndpoints.setDefault],
            remove: [baseMapEndpoints.remove],
          },
          [element('state', 'Enable or disable', [baseMapEndpoints.setState])],
        ),
      }),
      page('systemSetting', 'System settings', {
        icon: 'ToolOutlined',
        children: [
          ...SETTINGS_POINTS,
          element('third', 'Identity providers', Object.values(thirdSettingsEndpoints)),
          element(
            'dict',
            'Dictionaries',
            Object.values(dictionaryEndpoints).filter((e) => e.access === 'gated'),
          ),
        ],
      }),
      page('auditLog', 'Audit log', { icon: 'FileSearchOutlined', children: [element('query', 'Query', [auditLogEndpoints.list])] }),
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
      page('overView', 'Overview', { children: [element('query', 'Query', [bucketEndpoints.overview])] }),
      page('spaceList', 'Spaces', { detail: true, children: SPACE_POINTS }),
      page('authorizationPolicy', 'Authorisation policies', { children: KEY_POINTS }),
      page('statisticAnalysis', 'Statistics', { children: [element('query', 'Every bucket', Object.values(analysisEndpoints))] }),
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
              query: [
                applicationEndpoints.list,
                applicationEndpoints.get,
                applicationSelfEndpoints.menuTree,
                applicationClientEndpoints.list,
              ],
              create: [applicationEndpoints.create, applicationEndpoints.instantTaken],
              update: [applicationEndpoints.update, applicationEndpoints.instantTaken],
              remove: [applicationEndpoints.remove],
            },
            [
              element('state', 'Enable or disable', [applicationEndpoints.setState]),
              // The owner picker searches the users (GET /v2/users).
              element('owner', 'Change owner', [applicationEndpoints.setOwner, userEndpoints.picks]),
              // Registering a client and issuing its secrets lets the application sign users in or act on its own.
              element('clients', 'OAuth clients', [applicationEndpoints.get, ...Object.values(applicationClientEndpoints)]),
              // Who may open the application and which of its pages and points they hold (its owner may, too);
              // the node picker reads the application's tree.
              element('authorizations', 'User permission', [
                applicationEndpoints.get,
                applicationDomEndpoints.tree,
                ...Object.values(applicationAuthorizationEndpoints),
              ]),
              ...APPLICATION_API_POINTS,
              // The resource tree: reading it, and changing it (by hand, by import, by synchronisation).
              element('domQuery', 'Resources: view', [
                applicationDomEndpoints.tree,
                applicationDomEndpoints.apis,
                applicationDomEndpoints.synchronizationTask,
              ]),
              element('domEdit', 'Resources: edit', [
                applicationDomEndpoints.create,
                applicationDomEndpoints.update,
                applicationDomEndpoints.remove,
                applicationDomEndpoints.move,
                applicationDomEndpoints.instantTaken,
                applicationDomEndpoints.importFile,
                applicationDomEndpoints.template,
                applicationDomEndpoints.importExcel,
                applicationDomEndpoints.synchronize,
              ]),
            ],
          ),
        ],
      }),
      // Try-it calls the chosen API with the caller's own token: what it may do is what the caller holds.
      page('api-management', 'API management', {
        detail: true,
        children: [element('query', 'Query', Object.values(apiCatalogueEndpoints))],
      }),
      page('page-models', 'Page models', { detail: true, children: PAGE_MODEL_POINTS }),
    ],
  }),
  messageCenter: page('messageCenter', 'Message centre', {
    icon: 'MessageOutlined',
    redirect: 'messageRecord',
    children: [
      page('messageRecord', 'Message records', {
        detail: true,
        children: crud(
          {
            query: [
              messageEndpoints.list,
              messageEndpoints.channelRecords,
              messageEndpoints.get,
              messageEndpoints.receivers,
              messageEndpoints.receiversByChannel,
              messageEndpoints.receiversByObjectType,
              messageEndpoints.receiverList,
              messageEndpoints.logs,
            ],
          },
          [element('retry', 'Retry failed deliveries', [messageEndpoints.retry])],
        ),
      }),
      page('messageTemplate', 'Message templates', { detail: true, children: TEMPLATE_POINTS }),
      page('messageChannel', 'Channels', {
        children: crud(
          {
            query: [channelEndpoints.list, channelEndpoints.get, channelEndpoints.simpleList],
            create: [channelEndpoints.create, channelEndpoints.idTaken, channelEndpoints.nameTaken],
            update: [channelEndpoints.update, channelEndpoints.nameTaken],
            remove: [channelEndpoints.remove],
          },
          [
            element('state', 'Start or disable', [channelEndpoints.start, channelEndpoints.disable]),
            element('test', 'Send a test message', [channelEndpoints.test]),
            element('secret', 'Rotate the signing secret', [channelEndpoints.rotateSecret]),
          ],
        ),
      }),
      page('sendMessage', 'Send a message', {
        children: [
          // What the page offers to choose from (templates with their preview, started channels, the
          // people pickers), and the progress of the message just sent.
          element('send', 'Send', [
            notifyEndpoints.send,
            channelEndpoints.simpleList,
            templateEndpoints.list,
            templateEndpoints.preview,
            userEndpoints.picks,
            roleEndpoints.list,
            groupEndpoints.list,
            ...ORG_TREE,
            messageEndpoints.receiversByChannel,
          ]),
        ],
      }),
      page('classifiedManagement', 'Classifications', {
        children: crud(
          {
            query: [classificationEndpoints.list, classificationEndpoints.get],
            create: [classificationEndpoints.create],
            update: [classificationEndpoints.update],
            remove: [classificationEndpoints.remove],
          },
          [element('import', 'Import', [classificationEndpoints.import, classificationEndpoints.template])],
        ),
      }),
    ],
  }),
};

/**
 * Each module's part of the catalogue, in menu order. The sections of modules still to come (the data
 * shopping cart) are kept by permission until their module takes them.
 */
export const PERMISSION_CATALOGUE: MenuSeedNode[] = [
  ROOTS.systemManage,
  ROOTS.dataShoppingCart,
  ROOTS.personalCenter,
  ROOTS.applicationManage,
];
export const MESSAGE_ENGINE_CATALOGUE: MenuSeedNode[] = [ROOTS.messageCenter];
export const OSS_CATALOGUE: MenuSeedNode[] = [ROOTS.OSS];

/** The console's sections in the order of the spec (§2), whichever module contributes each. */
export const CONSOLE_SECTION_ORDER = ['systemManage', 'dataShoppingCart', 'personalCenter', 'OSS', 'applicationManage', 'messageCenter'];

const sectionRank = (section: MenuSeedNode) => {
  const rank = CONSOLE_SECTION_ORDER.indexOf(section.name);
  return rank === -1 ? CONSOLE_SECTION_ORDER.length : rank;
};

/** Modules' root sections in the console's order (a section the order does not name goes last). */
export const inSectionOrder = (sections: MenuSeedNode[]): MenuSeedNode[] => [...sections].sort((a, b) => sectionRank(a) - sectionRank(b));

/** The whole console menu as the web shows it; the server assembles the same from its modules' parts. */
export const MENU_CATALOGUE: MenuSeedNode[] = inSectionOrder([...PERMISSION_CATALOGUE, ...MESSAGE_ENGINE_CATALOGUE, ...OSS_CATALOGUE]);

/**
 * Sections every signed-in user holds without a grant: the personal centre is about the user's own
 * account, so it needs no role. Its calls are `signedIn` routes acting on the caller only.
 */
export const SELF_SERVICE_RESOURCES = ['personalCenter'] as const;

/**
 * The console's administration sections. A user holding any node of one of them, or every resource
 * (the super-administrator), is an administrator: the one the safe settings' `mfaRequired:
 * 'administrators'` asks for an authenticator app. The personal centre and the data shopping cart
 * serve every member of staff and make nobody an administrator.
 */
export const ADMINISTRATION_SECTIONS = ['systemManage', 'OSS', 'applicationManage', 'messageCenter'] as const;

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
