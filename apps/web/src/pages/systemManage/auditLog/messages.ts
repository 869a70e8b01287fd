import { defineTexts } from '../../../i18n/texts.ts';

/** This page's texts live in their own namespace, loaded with the page chunk, not the entry. */
const NAMESPACE = 'auditLog';

const enUS = {
  title: 'Audit log',
  filters: 'Filters',
  actor: 'Who',
  actorPlaceholder: 'Any user',
  actorId: 'User id',
  actorIdInvalid: 'Enter a user id (UUID)',
  action: 'Action starts with',
  actionPlaceholder: 'e.g. roles or users.update',
  targetType: 'Target type',
  targetTypePlaceholder: 'e.g. role',
  days: 'Days',
  from: 'From',
  to: 'To',
  keyword: 'Search the log',
  apply: 'Apply filters',
  reset: 'Clear filters',
  at: 'When',
  target: 'Target',
  ip: 'IP address',
  requestId: 'Request',
  system: 'System',
  empty: 'No audit entries match',
  diffOf: 'Changes made by {{action}}',
  tooLong: 'At most {{max}} characters',
};

const zhCN: typeof enUS = {
  title: '审计日志',
  filters: '筛选',
  actor: '操作人',
  actorPlaceholder: '任意用户',
  actorId: '用户 ID',
  actorIdInvalid: '请输入用户 ID（UUID）',
  action: '操作前缀',
  actionPlaceholder: '例如 roles 或 users.update',
  targetType: '对象类型',
  targetTypePlaceholder: '例如 role',
  days: '日期',
  from: '开始',
  to: '结束',
  keyword: '搜索日志',
  apply: '应用筛选',
  reset: '清除筛选',
  at: '时间',
  target: '对象',
  ip: 'IP 地址',
  requestId: '请求',
  system: '系统',
  empty: '没有匹配的审计记录',
  diffOf: '{{action}} 所做的修改',
  tooLong: '最多 {{max}} 个字符',
};

export const useAuditT = defineTexts(NAMESPACE, enUS, zhCN);
