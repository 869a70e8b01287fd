import type { OAuthScope } from '@portal/contracts';
import { defineTexts } from '../../i18n/texts.ts';

/** The consent page's texts, and the scopes in plain words (also used by the personal centre's connected applications). */
const NAMESPACE = 'consent';

const scopesEnUS: Record<OAuthScope, string> = {
  openid: 'Confirm that it is you (your account identifier)',
  profile: 'See your name, username and profile picture',
  email: 'See your email address',
  phone: 'See your phone number',
  offline_access: 'Keep access while you are away, until you withdraw it',
};

const enUS = {
  title: 'Allow {{application}} to use your account?',
  explain: '{{application}} asks to sign you in with your account on this portal. It will be able to:',
  account: 'Signed in as {{name}} ({{username}})',
  client: 'Client ID: {{clientId}}',
  remember:
    'You will not be asked again for these permissions. You can withdraw them any time under Personal centre > Security > Connected applications.',
  allow: 'Allow',
  deny: 'Deny',
  scopesLabel: 'What {{application}} may do',
  scope: scopesEnUS,
  invalidTitle: 'This request can no longer be answered',
  invalidText:
    'It has expired, was already answered, or was made in another browser session. Go back to the application and sign in again.',
  signInTitle: 'Sign in to continue',
  signInText: 'Your session has ended. Go back to the application and sign in again.',
  failed: 'Your answer could not be sent. Please retry.',
  toWorkbench: 'Go to the workbench',
};

const zhCN: typeof enUS = {
  title: '允许 {{application}} 使用您的账号吗？',
  explain: '{{application}} 请求使用您在本门户的账号为您登录。它将可以：',
  account: '当前登录账号：{{name}}（{{username}}）',
  client: '客户端 ID：{{clientId}}',
  remember: '之后不会再就这些权限询问您。您可随时在“个人中心 > 安全设置 > 已连接的应用”中撤销。',
  allow: '允许',
  deny: '拒绝',
  scopesLabel: '{{application}} 可以做的事',
  scope: {
    openid: '确认是您本人（您的账号标识）',
    profile: '查看您的姓名、用户名和头像',
    email: '查看您的邮箱地址',
    phone: '查看您的手机号',
    offline_access: '在您离开时保持访问，直到您撤销',
  },
  invalidTitle: '此请求已无法回应',
  invalidText: '它已过期、已被回应，或是在另一个浏览器会话中发起的。请返回该应用重新登录。',
  signInTitle: '请登录后继续',
  signInText: '您的会话已结束。请返回该应用重新登录。',
  failed: '无法提交您的选择，请重试。',
  toWorkbench: '前往工作台',
};

export const useConsentT = defineTexts(NAMESPACE, enUS, zhCN);
export type ConsentT = ReturnType<typeof useConsentT>;
