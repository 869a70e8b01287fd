import { GroupInput, groupEndpoints, type Group } from '@portal/contracts';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { formatTime } from '../../../../components/admin/format.ts';
import { statusFilter } from '../../../../components/admin/StatusFilter.tsx';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { ActiveToggle } from '../../../../components/resource/ActiveToggle.tsx';
import { ResourcePage } from '../../../../components/resource/ResourcePage.tsx';
import { GroupMembers, GroupRoles } from './GroupSections.tsx';
import '../../../../components/admin/messages.ts';

const TEXTS = 'orgManage.groups';

/** systemManage/organizationManage/userGroup: user groups with their members and roles, and activation. */
export function Component({ node, detailId }: ConsolePageProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<Group> = [
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name', sorter: true },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code', sorter: true },
    { key: 'description', title: t('adminKit.description'), dataIndex: 'description', ellipsis: true },
    { key: 'userCount', title: t('orgManage.groups.members'), dataIndex: 'userCount', width: 100 },
    { key: 'actived', title: t('adminKit.status'), dataIndex: 'actived', render: (actived: boolean) => <StatusTags actived={actived} /> },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
  ];
  return (
    <ResourcePage
      node={node}
      detailId={detailId}
      endpoints={groupEndpoints}
      queryKey={ADMIN_KEYS.groups}
      texts={TEXTS}
      points={POINTS.userGroup}
      form={{ schema: GroupInput, fields: ['name', { name: 'code', extra: 'adminKit.codeHint' }, 'description'] }}
      columns={columns}
      actionsWidth={220}
      filter={statusFilter}
      rowActions={(group) => (
        <ActiveToggle
          record={group}
          endpoints={groupEndpoints}
          point={POINTS.userGroup.actived}
          invalidate={[ADMIN_KEYS.groups]}
          texts={TEXTS}
        />
      )}
      detail={{
        profile: (group) => [
          { key: 'name', label: t('adminKit.name'), children: group.name },
          { key: 'code', label: t('adminKit.code'), children: group.code },
          { key: 'status', label: t('adminKit.status'), children: <StatusTags actived={group.actived} /> },
          { key: 'members', label: t('orgManage.groups.members'), children: group.userCount },
          { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(group.createdAt) },
          { key: 'description', label: t('adminKit.description'), children: group.description ?? '—' },
        ],
        sections: (group) => (
          <>
            <GroupMembers groupId={group.id} />
            <GroupRoles groupId={group.id} />
          </>
        ),
      }}
    />
  );
}
