import { defineTexts } from '../../../../i18n/texts.ts';

/** The Sign-in page design page's texts. */
const enUS = {
  title: 'Sign-in page',
  intro: 'Design the page people sign in on. The preview shows your changes at once; they reach the real page when you save.',
  preview: 'Preview',
  previewHelp: 'The sign-in page with these values (not saved yet), as a stranger sees it.',
  layoutFor: 'Sign-in options shown follow System settings › Sign-in and sessions.',
  username: 'Username',
  password: 'Password',
};

const zhCN: typeof enUS = {
  title: '登录页',
  intro: '设计用户登录的页面。预览会立即显示修改；保存后才会应用到真实的登录页。',
  preview: '预览',
  previewHelp: '使用这些值（尚未保存）时，访客看到的登录页。',
  layoutFor: '显示哪些登录方式由“系统设置 › 登录与会话”决定。',
  username: '用户名',
  password: '密码',
};

export const useLoginSettingT = defineTexts('loginSetting', enUS, zhCN);
