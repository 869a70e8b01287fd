import { defineTexts } from '../../i18n/texts.ts';

/** The micro-app host's texts, in their own namespace, loaded with its chunk. */
const NAMESPACE = 'micro';

const enUS = {
  subMenu: 'Pages of {{name}}',
  loading: 'Loading {{name}}…',
  failedTitle: '{{name}} could not be opened',
  retry: 'Retry',
  backHome: 'Back to the workbench',
  applicationsFailed: 'The list of your applications could not be loaded.',
  resourcesFailed: 'Your permissions for this application could not be loaded.',
  failure: {
    noEntry: 'No entry address (appUrl) is configured for this application.',
    menuStatus: 'Its menu (menu.json) answered with status {{detail}}.',
    menuInvalid: 'Its menu (menu.json) is not valid: {{detail}}',
    unreachable: 'Its code or menu could not be loaded. The application may be offline.',
    moduleInvalid: 'Its module does not export mount, update and unmount.',
    mountFailed: 'It failed to start: {{detail}}',
  },
};

const zhCN: typeof enUS = {
  subMenu: '{{name}} 的页面',
  loading: '正在加载 {{name}}…',
  failedTitle: '无法打开 {{name}}',
  retry: '重试',
  backHome: '返回工作台',
  applicationsFailed: '无法加载您的应用列表。',
  resourcesFailed: '无法加载您在此应用中的权限。',
  failure: {
    noEntry: '此应用未配置入口地址（appUrl）。',
    menuStatus: '其菜单（menu.json）返回状态码 {{detail}}。',
    menuInvalid: '其菜单（menu.json）格式无效：{{detail}}',
    unreachable: '无法加载其代码或菜单，应用可能已离线。',
    moduleInvalid: '其模块没有导出 mount、update 和 unmount。',
    mountFailed: '启动失败：{{detail}}',
  },
};

export const useMicroT = defineTexts(NAMESPACE, enUS, zhCN);
