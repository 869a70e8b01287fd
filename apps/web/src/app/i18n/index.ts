import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/contracts';
import enUS from './locales/en-US.json';
const LANGUAGE_KEY = 'language';

/** Languages other than the default load on demand, keeping them out of the start-up bundle. */
const loaders: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: typeof enUS }>> = {
  'zh-CN': () => import('./locales/zh-CN.json'),
};

export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en-US' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await loaders[language]()).default);
  }
  localStorage.setItem(LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

const isLanguage = (value: string | null): value is Language => LANGUAGES.some((language) => language === value);

/** en-US by default; a saved choice (the switch comes in a later issue) is restored. */
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
