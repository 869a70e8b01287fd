import type { MenuNode, Role } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../app/access/useCan.ts';
import { AdminPage, pagePath } from '../../../../components/admin/AdminPage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { useRoleColumns } from '../../../../components/admin/columns.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { fetchGroup, fetchGroupRoles } from './api.ts';
import { GroupFormModal } from './GroupFormModal.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { GROUP_POINTS } from './permissions.ts';
import '../../../../components/admin/messages.ts';

/** One group: its profile, members (editable) and the roles granted to it (granted on the roles page). */
export function GroupDetail({ node, groupId }: { node: MenuNode; groupId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(GROUP_POINTS.update);
  const [editing, setEditing] = useState(false);
  const group = useQuery({ queryKey: [...ADMIN_KEYS.groups, 'detail', groupId], queryFn: () => fetchGroup(groupId) });
  const roles = useQuery({ queryKey: [...ADMIN_KEYS.groups, 'detail', groupId, 'roles'], queryFn: () => fetchGroupRoles(groupId) });
  const back = pagePath(node);
  const roleColumns = useRoleColumns();

  if (group.isLoading) return <Spin />;
  if (!group.data)
    return <Result status="404" title={t('adminKit.notFound')} extra={<LinkButton to={back}>{t('adminKit.back')}</LinkButton>} />;
  const profile = group.data;

  return (
    <AdminPage
      title={profile.name}
      backTo={back}
      extra={
        canUpdate && (
          <Button type="primary" onClick={() => setEditing(true)}>
            {t('adminKit.edit')}
          </Button>
        )
      }
    >
      <Flex vertical gap={16}>
        <Card title={t('orgManage.groups.profile')}>
          <Descriptions
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'name', label: t('adminKit.name'), children: profile.name },
              { key: 'code', label: t('adminKit.code'), children: profile.code },
              { key: 'status', label: t('adminKit.status'), children: <StatusTags actived={profile.actived} /> },
              { key: 'members', label: t('orgManage.groups.members'), children: profile.userCount },
              { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(profile.createdAt) },
              { key: 'description', label: t('adminKit.description'), children: profile.description ?? '—' },
            ]}
          />
        </Card>
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
      </Flex>
      <GroupFormModal editing={editing ? profile : null} onClose={() => setEditing(false)} />
    </AdminPage>
  );
}
