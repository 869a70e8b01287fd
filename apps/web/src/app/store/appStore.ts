import { LAYOUT_DEFAULTS, THEME_DEFAULTS, UPDATE_INTERVAL_MS, type MenuNode, type Member, type OAuthConfig } from '@portal/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { refreshToken } from '../auth/tokens.ts';
import { sealedStorage } from './sealedStorage.ts';

export interface LayoutConfig {
  navStyle: 'LEFT' | 'TOP';
  leftMenuWidth: number;
  topMenuHeight: number;
}

export interface ThemeConfig {
  mode: 'light' | 'dark';
  brandColor: string;
}

/** The client state of spec §3 needed so far; later issues add the remaining fields. */
export interface AppState {
  /** System configuration; for now the public sign-in configuration. */
  osConf: OAuthConfig | null;
  userInfo: Member | null;
  menuConfig: { menu: MenuNode[] };
  resources: string[];
  layoutConfig: LayoutConfig;
  theme: ThemeConfig;
  updateInterval: number;
}

interface AppActions {
  setOsConf: (osConf: OAuthConfig) => void;
  setSession: (session: { userInfo: Member; menu: MenuNode[]; resources: string[] }) => void;
  /** Forgets everything user-specific, in memory and in storage (sign-out). */
  reset: () => void;
}

const initialState: AppState = {
  osConf: null,
  userInfo: null,
  menuConfig: { menu: [] },
  resources: [],
  layoutConfig: { ...LAYOUT_DEFAULTS },
  theme: { ...THEME_DEFAULTS },
  updateInterval: UPDATE_INTERVAL_MS,
};

export const STATE_STORAGE_KEY = 'portal-state';

export const useAppStore = create<AppState & AppActions>()(
  persist(
    (set) => ({
      ...initialState,
      setOsConf: (osConf) => set({ osConf }),
      setSession: ({ userInfo, menu, resources }) => set({ userInfo, menuConfig: { menu }, resources }),
      reset: () => {
        set({ ...initialState });
        useAppStore.persist.clearStorage();
      },
    }),
    {
      name: STATE_STORAGE_KEY,
      storage: createJSONStorage(() => sealedStorage(() => sessionStorage, refreshToken)),
      partialize: ({ osConf, userInfo, menuConfig, resources, layoutConfig, theme, updateInterval }): AppState => ({
        osConf,
        userInfo,
        menuConfig,
        resources,
        layoutConfig,
        theme,
        updateInterval,
      }),
      // Hydrated once at start-up, before anything is fetched, so stale state never overwrites fresh.
      skipHydration: true,
    },
  ),
);

/** Re-writes the persisted state now (e.g. to seal it under a rotated refresh token). */
export function persistNow(): void {
  useAppStore.setState((state) => ({ ...state }));
}
