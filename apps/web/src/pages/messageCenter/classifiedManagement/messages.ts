import { defineTexts } from '../../../i18n/texts.ts';

const enUS = {
  form: {
    create: 'New classification',
    edit: 'Edit {{name}}',
    search: 'Search by code or name',
    empty: 'No classifications yet: create one, or import them from a spreadsheet.',
    confirmDelete: 'Delete classification {{name}}?',
    deleteEffect: "Templates and messages of this classification keep no classification; users' mutes of it are dropped.",
    profile: 'Classification',
  },
  sort: 'Sort',
  sortHint: 'Smaller numbers are listed first.',
  codeHint: "Letters, digits, '_', '.' and '-' only; unique. Senders and imports name the classification by it.",
  import: 'Import',
  importTitle: 'Import classifications',
  importHelp:
    'Fill in the template, one classification per row (code and name required), then upload it. A code that exists updates that classification. Nothing is imported if any row has a problem.',
  importDone: '{{created}} created, {{updated}} updated.',
};

const zhCN: typeof enUS = {
  form: {
    create: '新建分类',
    edit: '编辑 {{name}}',
    search: '按编码或名称搜索',
    empty: '还没有消息分类：新建一个，或从表格导入。',
    confirmDelete: '删除分类 {{name}}？',
    deleteEffect: '该分类的模板和消息将不再属于任何分类；用户对它的屏蔽设置会被删除。',
    profile: '分类',
  },
  sort: '排序',
  sortHint: '数字越小越靠前。',
  codeHint: '仅限字母、数字、“_”、“.”和“-”，且唯一。发送方和导入通过编码指定分类。',
  import: '导入',
  importTitle: '导入消息分类',
  importHelp: '按模板填写，每行一个分类（编码和名称必填），然后上传。已存在的编码会更新对应分类。只要有一行有问题，就不会导入任何数据。',
  importDone: '新建 {{created}} 个，更新 {{updated}} 个。',
};

/** The classifications page's texts; the resource kit reads `classifiedManagement:form.*`. */
export const useClassificationT = defineTexts('classifiedManagement', enUS, zhCN);
export const FORM_TEXTS = 'classifiedManagement:form';
