import { defineTexts } from '../../i18n/texts.ts';

/** The studio host's texts, in their own namespace loaded with its chunk. */
const NAMESPACE = 'studio';

const enUS = {
  noContent: 'This studio page has no content yet.',
  noContentHint: 'The low-code runtime fills studio pages in a later release.',
  choosePage: 'Choose a page of this application from its menu.',
  pageNotFound: 'This application has no such page, or you may not open it.',
};

const zhCN: typeof enUS = {
  noContent: '此低代码页面暂无内容。',
  noContentHint: '低代码运行时将在后续版本中填充页面内容。',
  choosePage: '请从应用菜单中选择一个页面。',
  pageNotFound: '该应用没有此页面，或您无权打开。',
};

export const useStudioT = defineTexts(NAMESPACE, enUS, zhCN);
