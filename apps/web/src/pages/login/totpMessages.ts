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
  enrolTitle: 'Set up an authenticator app',
  enrolHint: 'This portal requires an authenticator app for your account. Set one up to finish signing in.',
  scan: '1. Scan this QR code with your authenticator app.',
  qrLabel: 'QR code for your authenticator app',
  manual: 'Or enter this key by hand (time-based, 6 digits):',
};

const zhCN: typeof enUS = {
  title: '两步验证',
  hint: '打开身份验证器应用，输入它为此账号显示的 6 位验证码。',
  code: '身份验证码',
  required: '请输入 6 位验证码',
  submit: '验证',
  back: '返回登录',
  failed: '验证失败，请重试。',
  enrolTitle: '启用身份验证器应用',
  enrolHint: '本门户要求您的账号使用身份验证器应用。请先完成设置以完成登录。',
  scan: '1. 用身份验证器应用扫描此二维码。',
  qrLabel: '身份验证器应用的二维码',
  manual: '或手动输入此密钥（基于时间，6 位）：',
};

export const useSignInCodeT = defineTexts(NAMESPACE, enUS, zhCN);
