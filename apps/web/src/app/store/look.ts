import { LAYOUT_DEFAULTS, THEME_DEFAULTS, type OpenSystemConfig, type PreferencesConfig } from '@portal/contracts';
import type { LayoutConfig, ThemeConfig } from './appStore.ts';

/** What a user chose of the look (the drawer in the header, saved as Preferences); the rest follows the system. */
export type OwnLook = Pick<PreferencesConfig, 'navStyle' | 'mode' | 'brandColor'>;

/** The system's default look: the public configuration's, or the portal's own before it is known. */
export type LookDefaults = Pick<OpenSystemConfig, 'defaultTheme' | 'defaultLayout'>;

export const BUILT_IN_LOOK: LookDefaults = { defaultTheme: { ...THEME_DEFAULTS }, defaultLayout: { ...LAYOUT_DEFAULTS } };

/**
 * The look the shell shows: what the user chose, else the system's default (base settings'
 * defaultTheme and defaultLayout). The menu's sizes are the system's alone: no user chooses them.
 */
export function lookOf(defaults: LookDefaults | null, own: OwnLook): { theme: ThemeConfig; layoutConfig: LayoutConfig } {
  const { defaultTheme, defaultLayout } = defaults ?? BUILT_IN_LOOK;
  return {
    theme: { mode: own.mode ?? defaultTheme.mode, brandColor: own.brandColor ?? defaultTheme.brandColor },
    layoutConfig: { ...defaultLayout, navStyle: own.navStyle ?? defaultLayout.navStyle },
  };
}
