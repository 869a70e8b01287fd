import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zhCN from './locales/zh-CN.json';
import { appName, categoryName, menuTitle } from './localNames.ts';

beforeAll(async () => {
  await i18n.init({ lng: 'zh-CN', resources: { 'zh-CN': { translation: zhCN } } });
});

describe('names stored in English, shown in the user’s language', () => {
  it('translates a catalogue title still as seeded, and leaves a renamed one as written', () => {
    expect(menuTitle('systemManage', 'System management')).toBe('系统管理');
    expect(menuTitle('personalCenter:securitySetting', 'Security')).toBe('安全设置');
    expect(menuTitle('systemManage', 'Administration')).toBe('Administration');
  });

  it('leaves nodes outside the catalogue (an application’s own menu) as they are', () => {
    expect(menuTitle('crm:reports', 'Reports')).toBe('Reports');
  });

  it('names the internal applications after their section, other applications as registered', () => {
    expect(appName({ instant: 'msgCenter', name: 'Message centre' })).toBe('消息中心');
    expect(appName({ instant: 'personalCenter', name: 'Personal centre' })).toBe('个人中心');
    expect(appName({ instant: 'crm', name: 'Personal centre' })).toBe('Personal centre');
  });

  it('translates the seeded System category only', () => {
    expect(categoryName('System')).toBe('系统');
    expect(categoryName('Office')).toBe('Office');
  });
});
