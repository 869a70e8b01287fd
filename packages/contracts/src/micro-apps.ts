import { Type, type Static } from 'typebox';
import type { Language } from './constants.ts';

/**
 * Micro front-end applications (type MicroWeb). The application's `appUrl` is the URL of one ES
 * module; beside it the app serves `menu.json`, its own sub-menu. The shell imports the module and
 * drives it through the lifecycle below; the address /micro/{appId}/{menuId} names the entry shown.
 */

/** The sub-menu file, resolved relative to the module's URL. */
export const MICRO_MENU_FILE = 'menu.json';

export type MicroLanguage = Language;

/**
 * One entry of a micro app's sub-menu. Entry `x` is guarded by resource `<instant>:x`: the user sees
 * it only when their resources for the application cover that (or something under it).
 */
export const MicroMenuEntry = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  /** Title per language; en-US is the fallback. */
  title: Type.Object({ 'en-US': Type.String({ minLength: 1, maxLength: 100 }), 'zh-CN': Type.Optional(Type.String({ maxLength: 100 })) }),
  /** An icon name of the portal's icon set (e.g. HomeOutlined). */
  icon: Type.Optional(Type.String({ maxLength: 100 })),
});
export type MicroMenuEntry = Static<typeof MicroMenuEntry>;

/** The content of menu.json. */
export const MicroMenu = Type.Object({ menu: Type.Array(MicroMenuEntry, { maxItems: 200 }) });
export type MicroMenu = Static<typeof MicroMenu>;

export interface MicroAppTheme {
  mode: 'light' | 'dark';
  /** #rrggbb */
  brandColor: string;
}

/** What the shell hands a micro app on mount and on every change (address, theme, language, token). */
export interface MicroAppProps {
  /** The portal's origin: API calls go to `${apiBase}/api/…`. */
  apiBase: string;
  /** The current access token, sent as `Authorization: Bearer …`. */
  getToken(): string | undefined;
  /** After a 401: refreshes the portal's tokens (single-flight) and gives the new access token, if any. */
  refreshToken(): Promise<string | undefined>;
  user?: { id: string; username: string; name: string };
  theme: MicroAppTheme;
  language: MicroLanguage;
  /** The entry to show (from the address bar). */
  menuId: string;
  /** The entries the user may see, in menu.json order. */
  menu: MicroMenuEntry[];
  /** The user's resource strings for this application. */
  resources: string[];
  /** Asks the shell to show another entry: it changes the address, then calls `update`. */
  navigate(menuId: string): void;
  /** The address of an entry, for real links (open in a new tab, copy link). */
  hrefOf(menuId: string): string;
}

/**
 * The module's exports. `Container` is the DOM element the shell gives (kept generic so the
 * contracts need no DOM types). One mounted instance at a time: `update` and `unmount` act on it.
 */
export interface MicroAppLifecycle<Container = unknown> {
  mount(container: Container, props: MicroAppProps): void | Promise<void>;
  update(props: MicroAppProps): void | Promise<void>;
  unmount(): void | Promise<void>;
}
