import { defineTexts } from '../../i18n/texts.ts';

/** The workbench's texts live in their own namespace, loaded with the page chunk, not the entry. */
const NAMESPACE = 'workbench';

const enUS = {
  title: 'Workbench',
  welcome: 'Welcome, {{name}}',
  search: 'Search applications',
  searchPlaceholder: 'Search by name or description',
  empty: 'No applications yet',
  emptyHint: 'Applications you are given access to appear here.',
  noMatch: 'No application matches “{{text}}”.',
  loadFailed: 'Your applications could not be loaded.',
  retry: 'Retry',
  uncategorised: 'Other',
  open: 'Open {{name}}',
  favourite: 'Add {{name}} to favourites',
  unfavourite: 'Remove {{name}} from favourites',
  move: 'Move {{name}}',
  newTab: 'Opens in a new tab',
  type: {
    Web: 'Web',
    path: 'Portal',
    MicroWeb: 'Micro app',
    WebThird: 'Third-party page',
    WebStudio: 'Studio app',
  },
  dragInstructions:
    'To reorder, focus the move handle and press Space or Enter, move with the arrow keys, then press Space or Enter to drop, or Escape to cancel.',
  picked: 'Picked up {{name}}.',
  over: '{{name}} is over {{other}}.',
  dropped: '{{name}} was dropped over {{other}}.',
  droppedInPlace: '{{name}} was dropped.',
  cancelled: 'Moving {{name}} was cancelled.',
};

const zhCN: typeof enUS = {
  title: '工作台',
  welcome: '欢迎，{{name}}',
  search: '搜索应用',
  searchPlaceholder: '按名称或描述搜索',
  empty: '暂无应用',
  emptyHint: '您获得授权的应用会显示在这里。',
  noMatch: '没有与“{{text}}”匹配的应用。',
  loadFailed: '无法加载您的应用。',
  retry: '重试',
  uncategorised: '其他',
  open: '打开 {{name}}',
  favourite: '收藏 {{name}}',
  unfavourite: '取消收藏 {{name}}',
  move: '移动 {{name}}',
  newTab: '在新标签页中打开',
  type: {
    Web: 'Web',
    path: '门户',
    MicroWeb: '微应用',
    WebThird: '第三方页面',
    WebStudio: '低代码应用',
  },
  dragInstructions: '排序方法：聚焦移动手柄后按空格或回车键拿起，用方向键移动，再按空格或回车键放下，按 Esc 取消。',
  picked: '已拿起 {{name}}。',
  over: '{{name}} 位于 {{other}} 上方。',
  dropped: '{{name}} 已放到 {{other}} 的位置。',
  droppedInPlace: '{{name}} 已放下。',
  cancelled: '已取消移动 {{name}}。',
};

export const useWorkbenchT = defineTexts(NAMESPACE, enUS, zhCN);
