import {
  LAYOUT_DEFAULTS,
  THEME_DEFAULTS,
  UPDATE_INTERVAL_MS,
  type Application,
  type MenuNode,
  type Member,
  type OAuthConfig,
  type OpenSystemConfig,
  type UnreadSummary,
} from '@portal/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { refreshToken } from '../auth/tokens.ts';
import { lookOf, type OwnLook } from './look.ts';
import { sealedStorage } from './sealedStorage.ts';

export type NavStyle = 'LEFT' | 'TOP';
export type ThemeMode = 'light' | 'dark';

export interface LayoutConfig {
  navStyle: NavStyle;
  leftMenuWidth: number;
  topMenuHeight: number;
}

export interface ThemeConfig {
  mode: ThemeMode;
  brandColor: string;
}

/** An application of the workbench, in the user's order, `selected` when it is a favourite. */
export type WorkbenchApp = Application & { selected: boolean };

/** An entry of the data shopping cart (the approver module fills it in a later issue). */
export interface ShopCarItem {
  id: string;
  name: string;
}

export interface ShopCar {
  DATA: ShopCarItem[];
  SERVICE: ShopCarItem[];
  statistics: { DATA: number; SERVICE: number };
}

/** The client state of spec §3 "Client state". */
export interface AppState {
  /** The sign-in configuration (the OAuth client's addresses). */
  osConf: OAuthConfig | null;
  /**
   * The rest of spec §3 osConf as anyone may read it before sign-in: the system's name, logo and
   * icon, the sign-in page's design and options, the default look, the password hint, the colour
   * schemes (GET /open/agg/system/portal/config). Null until loaded or when it could not be.
   */
  systemConfig: OpenSystemConfig | null;
  userInfo: Member | null;
  /**
   * category: the workbench's categories; menu: the console's permitted menu tree; routers: the
   * applications the user may open, in the user's Navmenu order.
   */
  menuConfig: { category: string[]; menu: MenuNode[]; routers: WorkbenchApp[] };
  resources: string[];
  /** Resource strings per MicroWeb application instant (its own menu.json entries). */
  microResources: Record<string, string[]>;
  /** The layout and theme shown: the user's own choice (`ownLook`), else the system's default. */
  layoutConfig: LayoutConfig;
  theme: ThemeConfig;
  /** What the user chose of the look; what is left out follows the system's default. */
  ownLook: OwnLook;
  shopCar: ShopCar;
  /** The bell: unread inside messages and the newest of them. */
  messageNotification: UnreadSummary;
  /** How often periodic updates (e.g. the unread count when the stream is down) run, in ms. */
  updateInterval: number;
  /** The periodic updates that run (e.g. 'insideMessages'). */
  updateEvents: string[];
  /** The user whose saved Preferences were applied in this session (fetched once per sign-in). */
  preferencesOf: string | null;
}

interface AppActions {
  setOsConf: (osConf: OAuthConfig) => void;
  /** The public configuration; the look follows its defaults where the user chose nothing. */
  setSystemConfig: (systemConfig: OpenSystemConfig) => void;
  setSession: (session: { userInfo: Member; menu: MenuNode[]; resources: string[] }) => void;
  /** The workbench's applications in the user's order; the categories follow from them. */
  setRouters: (routers: WorkbenchApp[]) => void;
  setMicroResources: (instant: string, resources: string[]) => void;
  /** The user's own choice of the look (over what they chose before). */
  chooseLook: (look: OwnLook) => void;
  setShopCar: (shopCar: ShopCar) => void;
  setMessageNotification: (notification: UnreadSummary) => void;
  setUpdateInterval: (interval: number) => void;
  setUpdateEvents: (events: string[]) => void;
  setPreferencesOf: (userId: string) => void;
  /** Forgets everything user-specific, in memory and in storage (sign-out). */
  reset: () => void;
}

const initialState: AppState = {
  osConf: null,
  systemConfig: null,
  userInfo: null,
  menuConfig: { category: [], menu: [], routers: [] },
  resources: [],
  microResources: {},
  layoutConfig: { ...LAYOUT_DEFAULTS },
  theme: { ...THEME_DEFAULTS },
  ownLook: {},
  shopCar: { DATA: [], SERVICE: [], statistics: { DATA: 0, SERVICE: 0 } },
  messageNotification: { unread: 0, latest: [] },
  updateInterval: UPDATE_INTERVAL_MS,
  updateEvents: ['insideMessages'],
  preferencesOf: null,
};

/** Categories in the order they first appear among the applications. */
const categoriesOf = (routers: readonly WorkbenchApp[]): string[] => [...new Set(routers.flatMap((app) => app.category))];

export const STATE_STORAGE_KEY = 'portal-state';

export const useAppStore = create<AppState & AppActions>()(
  persist(
    (set) => ({
      ...initialState,
      setOsConf: (osConf) => set({ osConf }),
      setSession: ({ userInfo, menu, resources }) => set((state) => ({ userInfo, menuConfig: { ...state.menuConfig, menu }, resources })),
      setRouters: (routers) => set((state) => ({ menuConfig: { ...state.menuConfig, routers, category: categoriesOf(routers) } })),
      setMicroResources: (instant, resources) => set((state) => ({ microResources: { ...state.microResources, [instant]: resources } })),
      setSystemConfig: (systemConfig) => set((state) => ({ systemConfig, ...lookOf(systemConfig, state.ownLook) })),
      chooseLook: (look) =>
        set((state) => {
          const ownLook = { ...state.ownLook, ...look };
          return { ownLook, ...lookOf(state.systemConfig, ownLook) };
        }),
      setShopCar: (shopCar) => set({ shopCar }),
      setMessageNotification: (messageNotification) => set({ messageNotification }),
      setUpdateInterval: (updateInterval) => set({ updateInterval }),
      setUpdateEvents: (updateEvents) => set({ updateEvents }),
      setPreferencesOf: (preferencesOf) => set({ preferencesOf }),
      reset: () => {
        // The system's configuration is nobody's: it stays, and with it the default look.
        set((state) => ({ ...initialState, systemConfig: state.systemConfig, ...lookOf(state.systemConfig, {}) }));
        useAppStore.persist.clearStorage();
      },
    }),
    {
      name: STATE_STORAGE_KEY,
      storage: createJSONStorage(() => sealedStorage(() => sessionStorage, refreshToken)),
      partialize: (state): AppState => ({
        osConf: state.osConf,
        systemConfig: state.systemConfig,
        userInfo: state.userInfo,
        menuConfig: state.menuConfig,
        resources: state.resources,
        microResources: state.microResources,
        layoutConfig: state.layoutConfig,
        theme: state.theme,
        ownLook: state.ownLook,
        shopCar: state.shopCar,
        messageNotification: state.messageNotification,
        updateInterval: state.updateInterval,
        updateEvents: state.updateEvents,
        preferencesOf: state.preferencesOf,
      }),
      // State saved by an older build may lack newer fields: start from the defaults.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<AppState>;
        return { ...current, ...saved, menuConfig: { ...current.menuConfig, ...saved.menuConfig } };
      },
      // Hydrated once at start-up, before anything is fetched, so stale state never overwrites fresh.
      skipHydration: true,
    },
  ),
);

/** Re-writes the persisted state now (e.g. to seal it under a rotated refresh token). */
export function persistNow(): void {
  useAppStore.setState((state) => ({ ...state }));
}
