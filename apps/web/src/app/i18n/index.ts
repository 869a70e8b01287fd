import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contracts';
import enUS from './locales/en-US.json';
const LANGUAGE_KEY = 'language';

/** Languages other than the default load on demand, keeping them out of the start-up bundle. */
const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: typeof enUS }>> = {
  'zh-CN': () => import('./locales/zh-CN.json'),
};

async function showLanguage(language: Language): Promise<void> {
  if (language !== 'en-US' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await loaders[language]()).default);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The reader's choice of language: shown, and remembered in this browser. */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await showLanguage(language);
}

/** The system's default language (base settings), shown to a browser that has chosen none, without remembering it as a choice. */
export async function showDefaultLanguage(language: Language | undefined): Promise<void> {
  if (language && !isLanguage(localStorage.getItem(LANGUAGE_KEY)) && language !== i18n.language) await showLanguage(language);
}

const isLanguage = (value: string | null): value is Language => LANGUAGES.some((language) => language === value);

/** en-US until the system's default is known (showDefaultLanguage); a saved choice is restored. */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    // Sections load their own namespaces with their chunks (components/admin/messages.ts): keys not
    // in the start-up bundle are looked up there.
    fallbackNS: 'admin',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(saved) && saved !== 'en-US') await setLanguage(saved);
}
