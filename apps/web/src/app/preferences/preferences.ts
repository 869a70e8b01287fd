import type { PreferencesConfig } from '@portal/contracts';
import i18n from 'i18next';
import { saveUserConfig } from '../api/workbench.ts';
import { LANGUAGES, type Language } from '@portal/contracts';
import { setLanguage } from '../i18n/index.ts';
import { useAppStore } from '../store/appStore.ts';

/**
 * The shell's look (navStyle, light/dark, brand colour, language) is remembered per user as the
 * 'Preferences' user config: applied at sign-in in any browser, cached in the client state meanwhile.
 */

const currentLanguage = (): Language => LANGUAGES.find((language) => language === i18n.language) ?? 'en-US';

/** The preferences as the shell shows them now. */
export function currentPreferences(): Required<PreferencesConfig> {
  const { layoutConfig, theme } = useAppStore.getState();
  return { navStyle: layoutConfig.navStyle, mode: theme.mode, brandColor: theme.brandColor, language: currentLanguage() };
}

/** Shows the given preferences; those not given stay as they are. */
export async function applyPreferences(preferences: PreferencesConfig): Promise<void> {
  const { setLayout, setTheme } = useAppStore.getState();
  if (preferences.navStyle) setLayout({ navStyle: preferences.navStyle });
  if (preferences.mode) setTheme({ mode: preferences.mode });
  if (preferences.brandColor) setTheme({ brandColor: preferences.brandColor });
  if (preferences.language && preferences.language !== currentLanguage()) await setLanguage(preferences.language);
}

/** Applies a change at once and saves the whole set for the signed-in user (the caller reports a failed save). */
export async function changePreferences(change: PreferencesConfig): Promise<void> {
  await applyPreferences(change);
  const userId = useAppStore.getState().userInfo?.id;
  if (userId) await saveUserConfig(userId, { name: 'Preferences', config: currentPreferences() }, true);
}
