import { defineTexts } from '../../i18n/texts.ts';

/** Texts of signing in through an identity provider: they load with that chunk, not with the /login entry. */
const NAMESPACE = 'externalSignIn';

const enUS = {
  or: 'or sign in with',
  bind: 'Sign in with your password once to link your {{provider}} account to it.',
  error: {
    failed: 'Signing in through the provider failed. Please try again.',
    expired: 'The sign-in through the provider has expired. Please start again.',
    denied: 'The provider did not let you sign in.',
    disabled: 'This account is disabled.',
    locked: 'This account is locked after too many failed sign-ins. Try again later.',
    unknown_provider: 'This sign-in provider is not available.',
    password_expired: 'Your password has expired: sign in with it here to set a new one.',
    already_bound: 'Another account at this provider is already linked to your account.',
  },
};

const zhCN: typeof enUS = {
  or: '或使用以下方式登录',
  bind: '请用密码登录一次，以绑定您的 {{provider}} 账号。',
  error: {
    failed: '通过第三方登录失败，请重试。',
    expired: '第三方登录已过期，请重新开始。',
    denied: '第三方拒绝了本次登录。',
    disabled: '该账号已被禁用。',
    locked: '登录失败次数过多，账号已锁定，请稍后再试。',
    unknown_provider: '该登录方式不可用。',
    password_expired: '您的密码已过期：请在此用密码登录并设置新密码。',
    already_bound: '您的账号已绑定了该提供方的另一个账号。',
  },
};

export const useExternalSignInT = defineTexts(NAMESPACE, enUS, zhCN);
