import { defineTexts } from '../../i18n/texts.ts';

/** The third-party page host's texts, in their own namespace loaded with its chunk. */
const NAMESPACE = 'webThird';

const enUS = {
  openNewTab: 'Open in a new tab',
  newTabOnly: '{{name}} opens in a new tab.',
  notYours: 'This address is not one of your applications, so it is not opened with your sign-in.',
  frameTitle: '{{name}} (third-party page)',
  noToken: 'The page could not be given its sign-in token. Try again later.',
};

const zhCN: typeof enUS = {
  openNewTab: '在新标签页中打开',
  newTabOnly: '{{name}} 需要在新标签页中打开。',
  notYours: '该地址不属于您的应用，因此不会携带您的登录信息打开。',
  frameTitle: '{{name}}（第三方页面）',
  noToken: '无法为该页面获取登录令牌，请稍后再试。',
};

export const useWebThirdT = defineTexts(NAMESPACE, enUS, zhCN);
