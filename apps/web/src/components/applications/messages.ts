import { defineTexts } from '../../i18n/texts.ts';

/** Texts of an application's build entry (console detail and personal centre), in their own namespace. */
const NAMESPACE = 'applicationBuild';

const enUS = {
  buildTitle: 'Build {{name}}',
  openStudio: 'Open the studio',
  buildStudio: '{{name}} is a studio application: its data, forms, lists, flows and pages are designed in the studio.',
  builderNotYet:
    'The low-code builder is not available yet: the studio shows the application with its menu, and its pages have no content yet.',
  buildWeb: '{{name}} is made of pages of the portal itself; developers build them in the portal’s code, not in the studio.',
  buildMicroWeb: '{{name}} is a micro front-end: it is built and deployed on its own, and the portal loads it from its entry.',
  buildWebThird: '{{name}} is a third-party web page, built and hosted outside the portal.',
  buildOnlyStudio: 'Only studio applications are built here.',
};

const zhCN: typeof enUS = {
  buildTitle: '构建 {{name}}',
  openStudio: '打开设计器',
  buildStudio: '{{name}} 是低代码应用：其数据、表单、列表、流程和页面都在设计器中设计。',
  builderNotYet: '低代码构建器尚不可用：设计器中只显示应用及其菜单，页面还没有内容。',
  buildWeb: '{{name}} 由门户自身的页面组成，由开发人员在门户代码中构建，而不是在设计器中。',
  buildMicroWeb: '{{name}} 是微前端应用：它独立构建和部署，门户从其入口加载。',
  buildWebThird: '{{name}} 是第三方网页，在门户之外构建和托管。',
  buildOnlyStudio: '这里只能构建低代码应用。',
};

export const useBuildT = defineTexts(NAMESPACE, enUS, zhCN);
