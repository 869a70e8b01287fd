import { defineTexts } from '../../../i18n/texts.ts';

/** This page's texts live in their own namespace, loaded with the page chunk, not the entry. */
const NAMESPACE = 'overView';

const enUS = {
  title: 'Overview',
  counts: 'Counts',
  users: 'Users',
  activeUsers: 'Active users',
  groups: 'User groups',
  roles: 'Roles',
  organizations: 'Organisations',
  positions: 'Positions',
  menus: 'Menu nodes',
  topOrganizations: 'Organisations with the most members',
  topRoles: 'Roles with the most holders',
  members: 'Members',
  holders: 'Holders',
  noData: 'Nothing to show yet',
  chartFailed: 'The chart could not be drawn.',
  loadFailed: 'The figures could not be loaded.',
  chartSummary: '{{title}}: {{entries}}',
};

const zhCN: typeof enUS = {
  title: '概览',
  counts: '统计',
  users: '用户',
  activeUsers: '活跃用户',
  groups: '用户组',
  roles: '角色',
  organizations: '组织',
  positions: '岗位',
  menus: '菜单节点',
  topOrganizations: '成员最多的组织',
  topRoles: '持有人最多的角色',
  members: '成员',
  holders: '持有人',
  noData: '暂无数据',
  chartFailed: '图表无法绘制。',
  loadFailed: '数据加载失败。',
  chartSummary: '{{title}}：{{entries}}',
};

export const useOverviewT = defineTexts(NAMESPACE, enUS, zhCN);
