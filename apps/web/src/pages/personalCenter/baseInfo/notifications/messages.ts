import { defineTexts } from '../../../../i18n/texts.ts';

const enUS = {
  title: 'Notifications',
  help: 'Choose how messages of each kind reach you. In-app messages always arrive in your inbox; email and SMS can be turned off per kind.',
  classification: 'Kind of message',
  inApp: 'In-app',
  email: 'Email',
  sms: 'SMS',
  inAppAlways: 'In-app messages of {{name}} always arrive',
  receive: 'Receive {{name}} by {{channel}}',
  empty: 'There are no kinds of message to choose from yet.',
  save: 'Save',
  reset: 'Undo changes',
  saved: 'Your notification settings are saved.',
  loadFailed: 'Your notification settings could not be loaded.',
  retry: 'Retry',
};

const zhCN: typeof enUS = {
  title: '消息通知',
  help: '选择各类消息如何通知您。站内消息总会送达收件箱；邮件和短信可按类别关闭。',
  classification: '消息类别',
  inApp: '站内',
  email: '邮件',
  sms: '短信',
  inAppAlways: '{{name}} 的站内消息总会送达',
  receive: '通过{{channel}}接收 {{name}}',
  empty: '暂无可设置的消息类别。',
  save: '保存',
  reset: '撤销更改',
  saved: '通知设置已保存。',
  loadFailed: '无法加载通知设置。',
  retry: '重试',
};

/** Texts of the personal centre's notification settings, in their own namespace. */
export const useNotificationsT = defineTexts('notificationSettings', enUS, zhCN);
