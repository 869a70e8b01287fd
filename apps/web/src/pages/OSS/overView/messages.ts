import { defineTexts } from '../../../i18n/texts.ts';

const NAMESPACE = 'ossOverview';

const enUS = {
  title: 'Overview',
  figures: 'Storage figures',
  buckets: 'Spaces',
  objects: 'Objects',
  bytes: 'Stored',
  average: 'Average object size',
  byObjects: 'Spaces with the most objects',
  bySize: 'Largest spaces (MiB)',
  mib: 'MiB',
  noSpaces: 'No space has been created yet: create one under Spaces.',
  loadFailed: 'The figures could not be loaded.',
};

const zhCN: typeof enUS = {
  title: '概览',
  figures: '存储统计',
  buckets: '空间数',
  objects: '对象数',
  bytes: '已用容量',
  average: '平均对象大小',
  byObjects: '对象最多的空间',
  bySize: '容量最大的空间（MiB）',
  mib: 'MiB',
  noSpaces: '尚未创建任何空间：请在空间列表中创建。',
  loadFailed: '数据加载失败。',
};

export const useOssOverviewT = defineTexts(NAMESPACE, enUS, zhCN);
