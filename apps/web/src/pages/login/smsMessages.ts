import { defineTexts } from '../../i18n/texts.ts';

/** The SMS sign-in's texts load with its chunk, not with the /login entry (which has a size budget). */
const NAMESPACE = 'smsSignIn';

const enUS = {
  phone: 'Mobile phone number',
  phoneRequired: 'Enter your mobile phone number',
  phoneInvalid: 'Enter digits only (a leading + and spaces are fine)',
  send: 'Send code',
  resend: 'Send again in {{seconds}} s',
  sent: 'If this number belongs to an account, a code is on its way. It expires in 5 minutes.',
  code: 'Code from the SMS',
  codeRequired: 'Enter the 6-digit code from the SMS',
  remember: 'Remember me',
  submit: 'Sign in',
  wrong: 'The code is wrong or has already been used. Check it, or ask for a new one.',
  expired: 'The code has expired. Ask for a new one.',
  tooSoon: 'A code was sent a moment ago. Try again in {{seconds}} seconds.',
  notConfigured: 'Sign-in by SMS code is not available at the moment. Sign in with your password.',
  off: 'Sign-in by SMS code is switched off. Sign in with your password.',
  locked: 'This account is locked after too many failed sign-ins. Try again in {{minutes}} minutes, or ask an administrator to unlock it.',
  failed: 'Sign-in failed. Please retry.',
};

const zhCN: typeof enUS = {
  phone: '手机号码',
  phoneRequired: '请输入手机号码',
  phoneInvalid: '只能输入数字（可以以 + 开头，可含空格）',
  send: '发送验证码',
  resend: '{{seconds}} 秒后可重新发送',
  sent: '如果该号码属于某个账号，验证码已发出，5 分钟内有效。',
  code: '短信验证码',
  codeRequired: '请输入短信中的 6 位验证码',
  remember: '记住我',
  submit: '登录',
  wrong: '验证码错误或已使用，请检查或重新获取。',
  expired: '验证码已过期，请重新获取。',
  tooSoon: '验证码刚刚已发送，请 {{seconds}} 秒后再试。',
  notConfigured: '短信验证码登录暂不可用，请使用密码登录。',
  off: '短信验证码登录已关闭，请使用密码登录。',
  locked: '登录失败次数过多，账号已锁定。请 {{minutes}} 分钟后再试，或联系管理员解锁。',
  failed: '登录失败，请重试。',
};

export const useSmsSignInT = defineTexts(NAMESPACE, enUS, zhCN);
