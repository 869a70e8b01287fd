import i18n from 'i18next';
import enUS from './locales/en-US.json';
import zhCN from './locales/zh-CN.json';

/**
 * The administration pages' texts, in the 'admin' namespace: they load with the console's chunks,
 * not with the start-up bundle that /login needs. i18n is set up with 'admin' as its fallback
 * namespace, so `t('adminKit.…')` finds them without naming the namespace.
 */
const ADMIN_NAMESPACE = 'admin';
i18n.addResourceBundle('en-US', ADMIN_NAMESPACE, enUS, true, false);
i18n.addResourceBundle('zh-CN', ADMIN_NAMESPACE, zhCN, true, false);
