import { defineTexts } from '../../i18n/texts.ts';
import { FIELD_TEXTS_EN } from './fieldTexts.en.ts';
import { FIELD_TEXTS_ZH } from './fieldTexts.zh.ts';

/** The settings forms' texts (every field's label and explanation), loaded with the pages that show them. */
const enUS = {
  fields: FIELD_TEXTS_EN,
  save: 'Save',
  reset: 'Discard changes',
  saved: 'Settings saved: in force at once',
  fixFields: 'Not saved: correct the fields marked in red',
  version: 'Version {{version}}, saved {{at}}',
  defaults: 'Never saved: the defaults apply',
  readOnly: 'You may view these settings but not change them.',
  loadFailed: 'The settings could not be loaded.',
  retry: 'Retry',
  none: 'None',
  clear: 'Clear {{field}}',
  rule: {
    required: 'Required',
    range: 'Between {{min}} and {{max}}',
    integer: 'Enter a whole number',
    min: 'At least {{min}} characters',
    max: 'At most {{max}} characters',
    pattern: 'Not in the expected form',
    choice: 'Choose one of the options',
    image: 'An https:// address or a path on this portal starting with /',
    colour: 'A colour as #rrggbb',
  },
};

const zhCN: typeof enUS = {
  fields: FIELD_TEXTS_ZH,
  save: '保存',
  reset: '放弃修改',
  saved: '设置已保存，立即生效',
  fixFields: '未保存：请更正标红的字段',
  version: '版本 {{version}}，保存于 {{at}}',
  defaults: '从未保存：使用默认值',
  readOnly: '您可以查看这些设置，但不能修改。',
  loadFailed: '无法加载设置。',
  retry: '重试',
  none: '无',
  clear: '清除{{field}}',
  rule: {
    required: '必填',
    range: '介于 {{min}} 和 {{max}} 之间',
    integer: '请输入整数',
    min: '至少 {{min}} 个字符',
    max: '最多 {{max}} 个字符',
    pattern: '格式不正确',
    choice: '请选择一个选项',
    image: 'https:// 地址，或以 / 开头的本门户路径',
    colour: '#rrggbb 形式的颜色',
  },
};

export const useSettingsT = defineTexts('settings', enUS, zhCN);
