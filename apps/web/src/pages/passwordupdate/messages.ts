import { defineTexts } from '../../i18n/texts.ts';

/** /passwordupdate's texts, loaded with its chunk. */
const NAMESPACE = 'passwordUpdate';

const enUS = {
  title: 'Choose a new password',
  explain: 'Your password has expired or was set by an administrator. Choose a new one to continue signing in.',
  username: 'Username',
  current: 'Current password',
  newPassword: 'New password',
  confirm: 'Confirm new password',
  code: 'Authentication code',
  codeHint: 'Enter a new code from your authenticator app: the one used to sign in cannot be used again.',
  codeRule: 'Enter the 6-digit code',
  policyTitle: 'Your new password must',
  policy: {
    length: 'be 8 to 256 characters long',
    username: 'differ from your username',
    current: 'differ from your current password',
  },
  sameAsCurrent: 'The new password must differ from the current one',
  submit: 'Change password',
  done: 'Your password has been changed. Sign in with the new password.',
};

const zhCN: typeof enUS = {
  title: '设置新密码',
  explain: '您的密码已过期或由管理员设置。请设置新密码后继续登录。',
  username: '用户名',
  current: '当前密码',
  newPassword: '新密码',
  confirm: '确认新密码',
  code: '身份验证码',
  codeHint: '请输入身份验证器应用中的新验证码：登录时用过的验证码不能再次使用。',
  codeRule: '请输入 6 位验证码',
  policyTitle: '新密码必须',
  policy: {
    length: '长度为 8 到 256 个字符',
    username: '与用户名不同',
    current: '与当前密码不同',
  },
  sameAsCurrent: '新密码必须与当前密码不同',
  submit: '修改密码',
  done: '密码已修改，请使用新密码登录。',
};

export const usePasswordUpdateT = defineTexts(NAMESPACE, enUS, zhCN);
