import { defineTexts } from '../../../../i18n/texts.ts';

/** The Themes page's texts. */
const enUS = {
  title: 'Themes',
  intro:
    'The look and layout of everyone who has not chosen their own under Appearance and language in the header. Saved, it is in force at once, on the sign-in page too.',
};

const zhCN: typeof enUS = {
  title: '主题',
  intro: '未在页头“外观与语言”中自行选择的用户所用的外观和布局。保存后立即生效，登录页也一样。',
};

export const useThemeSettingT = defineTexts('themeSetting', enUS, zhCN);
