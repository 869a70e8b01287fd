import type { Group, MenuNode } from '@portal/contracts';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { detailPath } from '../../../../components/admin/pagePaths.ts';
import { ADMIN_KEYS, permissionUrl } from '../../../../components/admin/adminApi.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { useCrudMutations, useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { setGroupActive } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

/** Edit, activate/disable and delete of one group, each behind its permission point and a confirmation. */
function GroupActions({ group, onEdit }: { group: Group; onEdit: (group: Group) => void }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.userGroup.update);
  const canToggle = useCan(POINTS.userGroup.actived);
  const canDelete = useCan(POINTS.userGroup.delete);
  const { remove } = useCrudMutations(permissionUrl('/groups'), [ADMIN_KEYS.groups]);
  const toggle = useInvalidatingMutation((active: boolean) => setGroupActive(group.id, active), {
    invalidate: [ADMIN_KEYS.groups],
    success: group.actived ? t('orgManage.groups.disabledDone') : t('orgManage.groups.activatedDone'),
  });
  return (
    <Flex wrap gap={4}>
      {canUpdate && (
        <Button type="link" size="small" onClick={() => onEdit(group)}>
          {t('adminKit.edit')}
        </Button>
      )}
      {canToggle && (
        <ConfirmAction
          title={t(group.actived ? 'orgManage.groups.confirmDisable' : 'orgManage.groups.confirmActivate', { name: group.name })}
          description={group.actived ? t('orgManage.groups.disableEffect') : undefined}
          onConfirm={() => toggle.mutateAsync(!group.actived)}
          danger={group.actived}
        >
          {group.actived ? t('adminKit.disable') : t('adminKit.activate')}
        </ConfirmAction>
      )}
      {canDelete && (
        <ConfirmAction
          title={t('orgManage.groups.confirmDelete', { name: group.name })}
          description={t('adminKit.cannotUndo')}
          onConfirm={() => remove.mutateAsync(group.id)}
          danger
        >
          {t('adminKit.delete')}
        </ConfirmAction>
      )}
    </Flex>
  );
}

export function useGroupColumns(node: MenuNode, onEdit: (group: Group) => void): ColumnsType<Group> {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      title: t('adminKit.name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, group) => (
        <LinkButton to={detailPath(node, group.id)} style={{ padding: 0 }}>
          {name}
        </LinkButton>
      ),
    },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code', sorter: true },
    { key: 'description', title: t('adminKit.description'), dataIndex: 'description', ellipsis: true },
    { key: 'userCount', title: t('orgManage.groups.members'), dataIndex: 'userCount', width: 100 },
    { key: 'actived', title: t('adminKit.status'), dataIndex: 'actived', render: (actived: boolean) => <StatusTags actived={actived} /> },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: t('adminKit.actions'),
      width: 220,
      render: (_: unknown, group) => <GroupActions group={group} onEdit={onEdit} />,
    },
  ];
}
