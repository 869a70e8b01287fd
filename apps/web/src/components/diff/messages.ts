import { defineTexts } from '../../i18n/texts.ts';

/** The diff's own texts, loaded with the pages that show one. */
const enUS = {
  field: 'Field',
  before: 'Before',
  after: 'After',
  change: 'Change',
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  unchanged: 'Unchanged',
  onlyChanges: 'Only changed fields',
  nothingRecorded: 'Nothing was recorded on either side.',
  noChanges: 'No field changed.',
};

const zhCN: typeof enUS = {
  field: '字段',
  before: '修改前',
  after: '修改后',
  change: '变化',
  added: '新增',
  removed: '删除',
  changed: '修改',
  unchanged: '未变',
  onlyChanges: '只看有变化的字段',
  nothingRecorded: '两边都没有记录内容。',
  noChanges: '没有字段发生变化。',
};

export const useDiffT = defineTexts('valueDiff', enUS, zhCN);
