import { Type, type Static } from 'typebox';
import { MENU_API_PATTERN, MENU_NAME_PATTERN } from './identity-extra.ts';

/**
 * An application's resource tree ("dom"): its pages and permission points, as published by the
 * application (its menu.json, a synchronisation task's body, an import file) and as reported back.
 */
const Name = Type.String({ minLength: 1, maxLength: 64, pattern: MENU_NAME_PATTERN });
/** A menu.json title: one string, or one per language (as micro-apps' MicroMenuEntry; 'en-US' is stored). */
const Title = Type.Union([
  Type.String({ minLength: 1, maxLength: 100 }),
  Type.Object({ 'en-US': Type.String({ minLength: 1, maxLength: 100 }), 'zh-CN': Type.Optional(Type.String({ maxLength: 100 })) }),
]);
const ApiList = Type.Array(Type.String({ maxLength: 300, pattern: MENU_API_PATTERN }), { maxItems: 50, uniqueItems: true });

/** A permission point of a published page. */
export const PublishedElement = Type.Object({ name: Name, title: Title, api: Type.Optional(ApiList) });
/**
 * A published page: optional nested pages (`children`) and permission points (`elements`). Cyclic
 * (with its own $defs) so that it is checked in full wherever it is used, on the server by Value.
 */
export const PublishedPage = Type.Cyclic(
  {
    PublishedPage: Type.Object({
      name: Name,
      title: Title,
      icon: Type.Optional(Type.String({ maxLength: 100 })),
      children: Type.Optional(Type.Array(Type.Ref('PublishedPage'), { maxItems: 500 })),
      elements: Type.Optional(Type.Array(PublishedElement, { maxItems: 100 })),
    }),
  },
  'PublishedPage',
);
export type PublishedPage = Static<typeof PublishedPage>;
/** The shape of a MicroWeb application's menu.json (and of a synchronisation task's body). */
export const PublishedMenu = Type.Object({ menu: Type.Array(PublishedPage, { maxItems: 500 }) });
export type PublishedMenu = Static<typeof PublishedMenu>;

/** POST .../synchronization-task: with a body, the tree to reconcile; without, the menu.json at the appUrl. */
// Pages are checked in full by the handler (against PublishedMenu, as a fetched menu.json is), naming the field.
export const SyncTaskBody = Type.Object({ menu: Type.Optional(Type.Array(Type.Object({}), { maxItems: 500 })) });
export const SyncTaskCreated = Type.Object({ taskId: Type.String() });

const ChangedNode = Type.Object({ resource: Type.String(), fields: Type.Array(Type.String()) });
const MovedNode = Type.Object({ from: Type.String(), to: Type.String() });
const NodeRef = Type.Object({ resource: Type.String(), type: Type.Enum(['path', 'element']) });
export const SyncReport = Type.Object({
  counts: Type.Object({ added: Type.Integer(), changed: Type.Integer(), moved: Type.Integer(), removed: Type.Integer() }),
  added: Type.Array(NodeRef),
  changed: Type.Array(ChangedNode),
  moved: Type.Array(MovedNode),
  removed: Type.Array(NodeRef),
});
export type SyncReport = Static<typeof SyncReport>;
export const SyncTask = Type.Object({
  id: Type.String(),
  applicationId: Type.String(),
  status: Type.Enum(['queued', 'done', 'failed']),
  source: Type.Enum(['body', 'appUrl']),
  report: Type.Union([SyncReport, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type SyncTask = Static<typeof SyncTask>;
export const SyncTaskParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  taskId: Type.String({ format: 'uuid' }),
});

export const DomNodeParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  nodeId: Type.String({ format: 'uuid' }),
});
/** HEAD .../dom/instant/{instant}: a full resource string (names joined by ':'). */
export const DomInstantParams = Type.Object({
  applicationId: Type.String({ format: 'uuid' }),
  instant: Type.String({ minLength: 1, maxLength: 500, pattern: '^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$' }),
});

/** GET .../dom/apis: each gated call once, with the elements (resources) gating it. */
export const DomApi = Type.Object({ api: Type.String(), resources: Type.Array(Type.String()) });

/**
 * POST .../dom/files/import: rows placed by their path below the application's root ('orders',
 * 'orders:list', 'orders:list:export'); an existing path is updated, a new one added. A row's parent
 * must exist or come in an earlier row.
 */
export const DomImportRow = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 500 }),
  type: Type.Enum(['path', 'element']),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  api: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 50 })),
});
export type DomImportRow = Static<typeof DomImportRow>;
export const DomImportBody = Type.Object({ rows: Type.Array(DomImportRow, { minItems: 1, maxItems: 2000 }) });
export const DomImportResult = Type.Object({ added: Type.Integer(), updated: Type.Integer() });
