import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, instant } from '../../platform/db/columns.ts';
import { userReference } from '../permission/references.ts';

/**
 * Key-value switches from before the system settings: only the registration switches were ever kept
 * here, and start-up moves them into the first version of the auth settings (settings/registration.ts).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** system-config (issue 4): per-user configuration, one JSON document per user and name (Navmenu, Preferences). */
export const userConfigs = pgTable(
  'user_configs',
  {
    userId: uuid('user_id').notNull().references(userReference, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Issue 11, colour schemes: a primary colour and named tokens; the top scheme is applied by default (one at most, by index). */
export const colourSchemes = pgTable(
  'colour_schemes',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    primary: text('primary').notNull(),
    colours: jsonb('colours').$type<Record<string, string>>().notNull().default({}),
    top: boolean('top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('colour_schemes_name_unique').on(t.name),
    uniqueIndex('colour_schemes_top_unique')
      .on(t.top)
      .where(sql`${t.top}`),
  ],
);

/** Issue 11, dictionaries: code lists whose items form a tree. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dictionaries_code_unique').on(t.code)],
);

export const dictItems = pgTable(
  'dict_items',
  {
    id: idColumn(),
    dictionaryId: uuid('dictionary_id')
      .notNull()
      .references(() => dictionaries.id, { onDelete: 'cascade' }),
    /** An item of the same dictionary (checked on write); deleting an item deletes the items under it. */
    parentId: uuid('parent_id').references((): AnyPgColumn => dictItems.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('dict_items_code_unique').on(t.dictionaryId, t.code), index('dict_items_parent_idx').on(t.parentId)],
);

/** Issue 11, base maps: XYZ, WMS and WMTS layers; the default map is enabled and one at most (by index). */
export const baseMaps = pgTable(
  'base_maps',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').$type<'XYZ' | 'WMS' | 'WMTS'>().notNull(),
    url: text('url').notNull(),
    layers: text('layers'),
    layer: text('layer'),
    matrixSet: text('matrix_set'),
    format: text('format'),
    attribution: text('attribution'),
    minZoom: integer('min_zoom').notNull().default(0),
    maxZoom: integer('max_zoom').notNull().default(18),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('base_maps_name_unique').on(t.name),
    uniqueIndex('base_maps_default_unique')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('base_maps_zoom_range', sql`0 <= ${t.minZoom} and ${t.minZoom} <= ${t.maxZoom} and ${t.maxZoom} <= 24`),
    check('base_maps_type', sql`${t.type} in ('XYZ', 'WMS', 'WMTS')`),
    check('base_maps_default_enabled', sql`${t.enabled} or not ${t.isDefault}`),
  ],
);

/** Issue 11, icons: the row of each icon; its bytes are in object storage under `storageKey`. */
export const icons = pgTable(
  'icons',
  {
    id: idColumn(),
    classification: text('classification').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Menus name their icon alone, so a name is unique across classifications.
    uniqueIndex('icons_name_unique').on(t.name),
    uniqueIndex('icons_storage_key_unique').on(t.storageKey),
    index('icons_classification_idx').on(t.classification, t.name),
  ],
);

/**
 * The system settings (issue 11): every saved value of a section is a version, numbered from 1 per
 * system and section; the current value is the highest. `restored_from` names the version a restore copied.
 */
export const settingVersions = pgTable(
  'setting_versions',
  {
    systemId: text('system_id').notNull(),
    section: text('section').notNull(),
    version: integer('version').notNull(),
    value: jsonb('value').notNull(),
    changedBy: uuid('changed_by').references(userReference, { onDelete: 'set null' }),
    changedAt: instant('changed_at').notNull().defaultNow(),
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.section, t.version] })],
);

/**
 * Issue 11, the `third` settings: external OpenID Connect identity providers. The client secret is
 * sealed (AES-256-GCM, bound to the provider's id) and never answered; the issuer was checked
 * against its discovery document when saved.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    icon: text('icon'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed'),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Who saved the provider last: automatic linking by email reaches only accounts they could act on
     * (null: nobody, e.g. the user was deleted; the provider links no one by email until saved again).
     */
    lastEditedBy: uuid('last_edited_by').references(userReference, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('identity_providers_id', sql`${t.id} ~ '^[a-z0-9][a-z0-9_-]{0,39}$'`)],
);

/** The linking options of the `third` settings, one row per system (none: the defaults, both off). */
export const thirdOptions = pgTable('third_options', {
  systemId: text('system_id').primaryKey(),
  autoLink: boolean('auto_link').notNull().default(false),
  /** Who last saved `autoLink` on: automatic linking reaches only accounts they could act on too (null: nobody). */
  autoLinkBy: uuid('auto_link_by').references(userReference, { onDelete: 'set null' }),
  createAccounts: boolean('create_accounts').notNull().default(false),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
