import { Type, type Static } from 'typebox';
import { LANGUAGES } from './constants.ts';
import { Nullable, Timestamp } from './paging.ts';

/**
 * Per-user configuration (system-config, GET/PUT /api/system-config/user/{userId}/config?name=…).
 * A user reads and writes only their own; each name has its own schema.
 */

export const USER_CONFIG_NAMES = ['Navmenu', 'Preferences'] as const;
export const UserConfigParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const UserConfigQuery = Type.Object({ name: Type.Enum([...USER_CONFIG_NAMES]) });

/**
 * Navmenu (spec §3): the workbench's applications in the user's order; `selected` marks a
 * favourite. The first landing opens the first selected item, else the first non-system one.
 */
export const NavmenuItem = Type.Object({ id: Type.String({ maxLength: 64 }), selected: Type.Boolean() });
export const NavmenuConfig = Type.Object({ menu: Type.Array(NavmenuItem, { maxItems: 500 }) });
export type NavmenuConfig = Static<typeof NavmenuConfig>;

/** The shell's look, remembered across sign-ins and browsers. */
export const PreferencesConfig = Type.Object({
  navStyle: Type.Optional(Type.Enum(['LEFT', 'TOP'])),
  mode: Type.Optional(Type.Enum(['light', 'dark'])),
  brandColor: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  language: Type.Optional(Type.Enum([...LANGUAGES])),
});
export type PreferencesConfig = Static<typeof PreferencesConfig>;

/** PUT body and GET answer; GET of a name never saved answers `{ name, config: null }`. */
export const UserConfigBody = Type.Union([
  Type.Object({ name: Type.Literal('Navmenu'), config: NavmenuConfig }),
  Type.Object({ name: Type.Literal('Preferences'), config: PreferencesConfig }),
]);
export type UserConfigBody = Static<typeof UserConfigBody>;
export const UserConfigResult = Type.Object({
  name: Type.Enum([...USER_CONFIG_NAMES]),
  config: Type.Union([Type.Null(), NavmenuConfig, PreferencesConfig]),
  updatedAt: Nullable(Timestamp),
});
export type UserConfigResult = Static<typeof UserConfigResult>;
