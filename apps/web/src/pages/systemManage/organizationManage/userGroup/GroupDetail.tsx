import type { MenuNode, Role } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { DetailPage } from '../../../../components/admin/DetailPage.tsx';
import { useRoleColumns } from '../../../../components/admin/columns.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { fetchGroup, fetchGroupRoles } from './api.ts';
import { GroupFormModal } from './GroupFormModal.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

/** One group: its profile, members (editable) and the roles granted to it (granted on the roles page). */
export function GroupDetail({ node, groupId }: { node: MenuNode; groupId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.userGroup.update);
  const [editing, setEditing] = useState(false);
  const group = useQuery({ queryKey: [...ADMIN_KEYS.groups, 'detail', groupId], queryFn: () => fetchGroup(groupId) });
  const roles = useQuery({ queryKey: [...ADMIN_KEYS.groups, 'detail', groupId, 'roles'], queryFn: () => fetchGroupRoles(groupId) });
  const roleColumns = useRoleColumns();

  return (
    <DetailPage
      node={node}
      record={group}
      render={(profile) => ({
        title: profile.name,
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t('orgManage.groups.profile'),
        profile: [
          { key: 'name', label: t('adminKit.name'), children: profile.name },
          { key: 'code', label: t('adminKit.code'), children: profile.code },
          { key: 'status', label: t('adminKit.status'), children: <StatusTags actived={profile.actived} /> },
          { key: 'members', label: t('orgManage.groups.members'), children: profile.userCount },
          { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(profile.createdAt) },
          { key: 'description', label: t('adminKit.description'), children: profile.description ?? '—' },
        ],
        sections: (
          <>
            <GroupMembers groupId={groupId} />
            <AssignmentCard<Role>
              title={
                <Flex vertical>
                  {t('orgManage.groups.roles')}
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                    {t('orgManage.groups.rolesHelp')}
                  </Typography.Text>
                </Flex>
              }
              items={roles.data}
              loading={roles.isLoading}
              columns={roleColumns}
              emptyText={t('orgManage.groups.noRoles')}
            />
          </>
        ),
        modals: <GroupFormModal editing={editing ? profile : null} onClose={() => setEditing(false)} />,
      })}
    />
  );
}
