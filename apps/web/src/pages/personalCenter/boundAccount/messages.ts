import { defineTexts } from '../../../i18n/texts.ts';

/** Texts of personalCenter/boundAccount, in their own namespace. */
const NAMESPACE = 'boundAccount';

const enUS = {
  provider: 'Provider',
  account: 'Account',
  openId: 'Account id at the provider',
  boundAt: 'Bound on',
  empty: 'No accounts at other sign-in providers are bound to you.',
  emptyHint: 'Link an account at a sign-in provider with the buttons above.',
  loadFailed: 'The bound accounts could not be loaded.',
  retry: 'Retry',
  actions: 'Actions',
  link: 'Link {{provider}}',
  unlink: 'Unlink',
  unlinkConfirm: 'Unlink your {{provider}} account?',
  unlinkExplain: 'You will no longer be able to sign in with it.',
  unlinked: 'The account is unlinked.',
};

const zhCN: typeof enUS = {
  provider: '提供方',
  account: '账号',
  openId: '在提供方的账号 ID',
  boundAt: '绑定时间',
  empty: '您还没有绑定其他登录方式的账号。',
  emptyHint: '可使用上方按钮绑定第三方登录提供方的账号。',
  loadFailed: '已绑定账号加载失败。',
  retry: '重试',
  actions: '操作',
  link: '绑定 {{provider}}',
  unlink: '解除绑定',
  unlinkConfirm: '解除绑定您的 {{provider}} 账号？',
  unlinkExplain: '之后将无法再用它登录。',
  unlinked: '已解除绑定。',
};

export const useBoundAccountT = defineTexts(NAMESPACE, enUS, zhCN);
