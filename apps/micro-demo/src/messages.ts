import type { MicroLanguage } from '@portal/contracts';

/** The demo's few texts; the shell's language (props.language) picks the set. */
const enUS = {
  appName: 'Micro demo',
  overviewTitle: 'Overview',
  overviewIntro: 'This page is a separately built micro front-end, mounted by the portal into its shell.',
  overviewEntries: 'Pages you may open here',
  resourceCount: 'Resources you hold for this application: {{count}}',
  profileTitle: 'Who am I',
  signedInAs: 'Signed in as {{name}}',
  username: 'Username: {{username}}',
  loading: 'Loading…',
  whoFailed: 'Could not read who you are (status {{status}}).',
  networkFailed: 'Could not reach the portal.',
  retry: 'Try again',
  restrictedTitle: 'Restricted',
  restrictedText: 'Only users granted this page see it. You are one of them.',
  unknownPage: 'This application has no page "{{name}}".',
};

export type MessageKey = keyof typeof enUS;

const zhCN: Record<MessageKey, string> = {
  appName: '微应用示例',
  overviewTitle: '概览',
  overviewIntro: '本页面是一个独立构建的微前端应用，由门户加载并挂载到其框架中。',
  overviewEntries: '您可以打开的页面',
  resourceCount: '您在此应用中拥有的资源数：{{count}}',
  profileTitle: '我是谁',
  signedInAs: '当前登录：{{name}}',
  username: '用户名：{{username}}',
  loading: '加载中…',
  whoFailed: '无法获取当前用户（状态码 {{status}}）。',
  networkFailed: '无法连接门户。',
  retry: '重试',
  restrictedTitle: '受限页面',
  restrictedText: '只有被授予此页面的用户才能看到它，您就是其中之一。',
  unknownPage: '此应用没有页面“{{name}}”。',
};

const MESSAGES: Record<MicroLanguage, Record<MessageKey, string>> = { 'en-US': enUS, 'zh-CN': zhCN };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `t('signedInAs', { name })`: the text in the given language with its {{placeholders}} filled in. */
export function translator(language: MicroLanguage): Translate {
  const messages = MESSAGES[language] ?? enUS;
  return (key, values = {}) => {
    const text = messages[key] ?? enUS[key];
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
