import { LANGUAGES, type Language, type PreferencesConfig } from '@portal/contracts';
import i18n from 'i18next';
import { saveUserConfig } from '../api/workbench.ts';
import { setLanguage } from '../i18n/index.ts';
import { useAppStore } from '../store/appStore.ts';

/**
 * The shell's look (navStyle, light/dark, brand colour, language) is remembered per user as the
 * 'Preferences' user config: applied at sign-in in any browser, cached in the client state meanwhile.
 * What a user never chose follows the system's default look (base settings), even when it changes.
 */

const currentLanguage = (): Language => LANGUAGES.find((language) => language === i18n.language) ?? 'en-US';

/** The user's own preferences: the parts of the look they chose, and the language shown. */
export function currentPreferences(): PreferencesConfig {
  return { ...useAppStore.getState().ownLook, language: currentLanguage() };
}

/** Shows the given preferences as the user's own; those not given stay as they are. */
export async function applyPreferences({ language, ...look }: PreferencesConfig): Promise<void> {
  useAppStore.getState().chooseLook(look);
  if (language && language !== currentLanguage()) await setLanguage(language);
}

/** Applies a change at once and saves the user's preferences (the caller reports a failed save). */
export async function changePreferences(change: PreferencesConfig): Promise<void> {
  await applyPreferences(change);
  const userId = useAppStore.getState().userInfo?.id;
  if (userId) await saveUserConfig(userId, { name: 'Preferences', config: currentPreferences() }, true);
}
