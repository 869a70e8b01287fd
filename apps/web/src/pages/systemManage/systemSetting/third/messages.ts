import { defineTexts } from '../../../../i18n/texts.ts';

/** Texts of the identity-provider settings (the system settings' "third" tab), in their own namespace. */
const NAMESPACE = 'thirdSettings';

const enUS = {
  title: 'Identity providers',
  autoLink: 'Link on a verified email',
  autoLinkHint:
    'An unknown identity whose provider says its email is verified is linked to the account with that email, unless that account holds an administration point or is beyond the reach of whoever configured the provider or this option: its owner then links it by signing in with their password.',
  createAccounts: 'Create accounts for unknown identities',
  createAccountsHint: 'Otherwise its owner signs in with a password once to link it.',
  add: 'Add provider',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete the provider {{name}}?',
  addTitle: 'Add an identity provider',
  editTitle: 'Edit {{name}}',
  saved: 'Saved',
  field: {
    id: 'Key',
    idHint: 'Lower-case letters, digits, _ and -; it cannot change later.',
    name: 'Button label',
    icon: 'Button icon (https or a portal path)',
    issuer: 'Issuer',
    issuerHint: 'Its /.well-known/openid-configuration is read when you save.',
    clientId: 'Client id',
    clientSecret: 'Client secret',
    secretKept: 'A secret is stored: leave empty to keep it.',
    scopes: 'Scopes besides openid',
    enabled: 'Offered on the sign-in page',
    secret: 'Secret',
  },
  secretSet: 'set',
  secretNone: 'none',
  on: 'On',
  off: 'Off',
  loadFailed: 'The identity providers could not be loaded.',
  retry: 'Retry',
};

const zhCN: typeof enUS = {
  title: '身份提供方',
  autoLink: '邮箱已验证时自动绑定',
  autoLinkHint:
    '提供方确认邮箱已验证的未知身份，会绑定到使用该邮箱的账号；若该账号持有管理权限点，或超出配置该提供方或本选项的人可管理的范围，则不会自动绑定，由账号本人用密码登录后绑定。',
  createAccounts: '为未知身份创建账号',
  createAccountsHint: '否则需由本人用密码登录一次来完成绑定。',
  add: '添加提供方',
  edit: '编辑',
  delete: '删除',
  deleteConfirm: '删除提供方 {{name}}？',
  addTitle: '添加身份提供方',
  editTitle: '编辑 {{name}}',
  saved: '已保存',
  field: {
    id: '标识',
    idHint: '小写字母、数字、_ 和 -，保存后不可修改。',
    name: '按钮文字',
    icon: '按钮图标（https 或门户路径）',
    issuer: '签发者（Issuer）',
    issuerHint: '保存时会读取其 /.well-known/openid-configuration。',
    clientId: '客户端 ID',
    clientSecret: '客户端密钥',
    secretKept: '已存有密钥：留空则保持不变。',
    scopes: '除 openid 外的范围',
    enabled: '在登录页提供',
    secret: '密钥',
  },
  secretSet: '已设置',
  secretNone: '无',
  on: '开',
  off: '关',
  loadFailed: '身份提供方加载失败。',
  retry: '重试',
};

export const useThirdT = defineTexts(NAMESPACE, enUS, zhCN);
