import { defineTexts } from '../../../i18n/texts.ts';

/** Texts of personalCenter/boundAccount, in their own namespace. */
const NAMESPACE = 'boundAccount';

const enUS = {
  provider: 'Provider',
  account: 'Account',
  openId: 'Account id at the provider',
  boundAt: 'Bound on',
  empty: 'No accounts at other sign-in providers are bound to you.',
  emptyHint: 'Accounts you bind at a third-party sign-in provider will be listed here.',
  loadFailed: 'The bound accounts could not be loaded.',
  retry: 'Retry',
};

const zhCN: typeof enUS = {
  provider: '提供方',
  account: '账号',
  openId: '在提供方的账号 ID',
  boundAt: '绑定时间',
  empty: '您还没有绑定其他登录方式的账号。',
  emptyHint: '您在第三方登录提供方绑定的账号会显示在这里。',
  loadFailed: '已绑定账号加载失败。',
  retry: '重试',
};

export const useBoundAccountT = defineTexts(NAMESPACE, enUS, zhCN);
