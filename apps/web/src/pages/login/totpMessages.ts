import { defineTexts } from '../../i18n/texts.ts';

/** The code step's texts load with its chunk, not with the /login entry (which has a size budget). */
const NAMESPACE = 'signInCode';

const enUS = {
  title: 'Two-step verification',
  hint: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
  code: 'Authentication code',
  required: 'Enter the 6-digit code',
  submit: 'Verify',
  back: 'Back to sign-in',
  failed: 'Verification failed. Please retry.',
};

const zhCN: typeof enUS = {
  title: '两步验证',
  hint: '打开身份验证器应用，输入它为此账号显示的 6 位验证码。',
  code: '身份验证码',
  required: '请输入 6 位验证码',
  submit: '验证',
  back: '返回登录',
  failed: '验证失败，请重试。',
};

export const useSignInCodeT = defineTexts(NAMESPACE, enUS, zhCN);
