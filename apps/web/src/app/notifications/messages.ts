import { defineTexts } from '../../i18n/texts.ts';

/** Texts of the header bell, its toasts and notice clicks; loaded with the shell, not with /login. */
const NAMESPACE = 'notifications';

const enUS = {
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} unread message',
  bellUnread_other: 'Notifications, {{count}} unread messages',
  title: 'Unread messages',
  empty: 'You have no unread messages.',
  more_one: 'and {{count}} more unread message',
  more_other: 'and {{count}} more unread messages',
  markAllRead: 'Mark all read',
  allRead: 'All messages are marked read.',
  openCenter: 'Open the message centre',
  open: 'Open',
  from: 'From {{source}}',
  unsupported: 'Other types are not supported yet',
  unavailable: 'The application of this message is not available to you.',
  lookupFailed: 'Your applications could not be loaded to open this message. Please retry.',
};

const zhCN: typeof enUS = {
  bell: '通知',
  bellUnread_one: '通知，{{count}} 条未读消息',
  bellUnread_other: '通知，{{count}} 条未读消息',
  title: '未读消息',
  empty: '没有未读消息。',
  more_one: '还有 {{count}} 条未读消息',
  more_other: '还有 {{count}} 条未读消息',
  markAllRead: '全部标为已读',
  allRead: '所有消息已标为已读。',
  openCenter: '打开消息中心',
  open: '打开',
  from: '来自 {{source}}',
  unsupported: '其他类型暂不支持',
  unavailable: '您无法访问此消息所属的应用。',
  lookupFailed: '无法加载您的应用以打开此消息，请重试。',
};

export const useNotificationsT = defineTexts(NAMESPACE, enUS, zhCN);
