import i18n from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Registers a page's (or section's) texts under their own namespace, in both languages, and gives
 * the hook that reads them. Only the i18next instance is imported here, never a bundle of texts,
 * so each page's texts still load with the chunk that imports them, not with /login.
 */
export function defineTexts<Namespace extends string, Texts extends object>(namespace: Namespace, enUS: Texts, zhCN: Texts) {
  i18n.addResourceBundle('en-US', namespace, enUS, true, false);
  i18n.addResourceBundle('zh-CN', namespace, zhCN, true, false);
  const useTexts = () => useTranslation(namespace).t;
  return useTexts;
}
