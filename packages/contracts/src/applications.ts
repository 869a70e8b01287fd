import { Type, type Static } from 'typebox';
import { Nullable, PageQuery, Timestamp } from './paging.ts';

/**
 * Applications as the workbench launches them (spec §3 "Menu entry"). Each application owns a root
 * menu node whose resource is its `instant`; a user sees the application when their resources cover
 * that node (or anything under it), and its own menu tree hangs below the root node.
 */

/** How an application is opened (spec §4). `path`: an internal route of the portal, like Web. */
export const APPLICATION_TYPES = ['Web', 'MicroWeb', 'WebThird', 'WebStudio', 'path'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
export const OPEN_TYPES = ['NewTab', 'Current'] as const;
export type OpenType = (typeof OPEN_TYPES)[number];
export const APPLICATION_STATES = ['enabled', 'disabled'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** The unique key of an application, also its root resource string and menu name. */
export const Instant = Type.String({ minLength: 2, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' });

export const Application = Type.Object({
  id: Type.String(),
  instant: Type.String(),
  name: Type.String(),
  type: Type.Enum([...APPLICATION_TYPES]),
  /** Workbench groups the tile appears under (free labels, e.g. "Office", "Data"). */
  category: Type.Array(Type.String()),
  /** Web/path: the portal route it opens (e.g. /systemManage); MicroWeb: the micro app's base path. */
  pathname: Nullable(Type.String()),
  /** WebThird: the page's address; MicroWeb: the URL of the micro app's ES module entry. */
  appUrl: Nullable(Type.String()),
  openType: Type.Enum([...OPEN_TYPES]),
  /** The application's kind as the console groups it (e.g. "system", "business"). */
  appCategory: Nullable(Type.String()),
  /** The developer's landing route inside the application (first landing, spec §4). */
  redirect: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  description: Nullable(Type.String()),
  state: Type.Enum([...APPLICATION_STATES]),
  /** Trusted by the portal: its web client signs users in without asking their consent (issue 28). */
  firstParty: Type.Boolean(),
  ownerId: Nullable(Type.String()),
  ownerName: Nullable(Type.String()),
  /**
   * In the caller's own list (GET /applications/self): a WebThird application with a registered web
   * client, opened at its address without a token; it signs its user in by OpenID Connect.
   */
  singleSignOn: Type.Optional(Type.Boolean()),
  /** The id of the application's root menu node (its resource is `instant`). */
  menuId: Type.String(),
  sort: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Application = Static<typeof Application>;

export const ApplicationInput = Type.Object({
  instant: Instant,
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  type: Type.Enum([...APPLICATION_TYPES]),
  category: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10, uniqueItems: true })),
  pathname: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: '^/' }))),
  appUrl: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^(https?://|/)' }))),
  openType: Type.Optional(Type.Enum([...OPEN_TYPES])),
  appCategory: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  redirect: Type.Optional(Nullable(Type.String({ maxLength: 500, pattern: '^/' }))),
  icon: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  sort: Type.Optional(Type.Integer()),
});
export type ApplicationInput = Static<typeof ApplicationInput>;

/**
 * PUT /v4/applications/{applicationId}: an edit may also mark the application first-party. Only this
 * call carries the flag, and only the applications' `update` point reaches it (an owner does not, and
 * a creation cannot set it): trusting an application is not its owner's to decide.
 */
export const ApplicationUpdate = Type.Object({ ...ApplicationInput.properties, firstParty: Type.Optional(Type.Boolean()) });
export type ApplicationUpdate = Static<typeof ApplicationUpdate>;

/** GET /v4/applications */
export const ApplicationQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(Type.Enum([...APPLICATION_TYPES])),
  state: Type.Optional(Type.Enum([...APPLICATION_STATES])),
});
export type ApplicationQuery = Static<typeof ApplicationQuery>;

/** GET /applications/self: without `owned`, the applications the caller may open; with it, those they own. */
export const SelfApplicationQuery = Type.Object({ owned: Type.Optional(Type.Boolean()) });

export const ApplicationStateBody = Type.Object({ state: Type.Enum([...APPLICATION_STATES]) });
export const ApplicationOwnerBody = Type.Object({ ownerId: Type.String({ format: 'uuid' }) });
export const ApplicationIdParams = Type.Object({ applicationId: Type.String({ format: 'uuid' }) });

/**
 * POST /applications/self/{applicationId}/token: a token for one third-party (WebThird) application,
 * handed to its page instead of the portal's own. Its `aud` is the application's id; the portal
 * accepts it only where an application may ask who its user is (GET /reception-center/member/who).
 */
export const ApplicationToken = Type.Object({
  token: Type.String(),
  /** Seconds the token has to live from now. */
  expiresIn: Type.Integer(),
  /** The application the token is for (its `aud` claim). */
  audience: Type.String(),
});
export type ApplicationToken = Static<typeof ApplicationToken>;

/** HEAD /v4/applications/instant/{instant}: 200 when the instant is taken, 404 when it is free. */
export const InstantParams = Type.Object({ instant: Instant });

/** GET /menus/applications/{applicationId}/{type}: `type` must be the application's own type. */
export const ApplicationMenuParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  type: Type.Enum([...APPLICATION_TYPES]),
});

/** Internal applications every signed-in user sees, whatever their roles (the rest need a grant). */
export const APPS_VISIBLE_TO_ALL = ['personalCenter', 'msgCenter'] as const;
