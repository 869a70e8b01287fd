import type { MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { DetailPage } from '../../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { fetchUser } from './api.ts';
import { EffectiveResources } from './EffectiveResources.tsx';
import { POINTS } from '../../../../access/points.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { ResetTotpButton } from './ResetTotpButton.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { UserGroupsCard, UserRolesCard } from './UserRelations.tsx';
import { UserLinkedAccounts } from './UserLinkedAccounts.tsx';
import '../../../../components/admin/messages.ts';

/** One user: profile, direct roles, groups and the resources all their roles add up to. */
export function UserDetail({ node, userId }: { node: MenuNode; userId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.user.update);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const user = useQuery({ queryKey: [...ADMIN_KEYS.users, 'detail', userId], queryFn: () => fetchUser(userId) });

  return (
    <DetailPage
      node={node}
      record={user}
      render={(profile) => ({
        title: profile.name || profile.username,
        extra: (
          <Flex gap={8}>
            {canUpdate && <Button onClick={() => setResetting(true)}>{t('orgManage.users.resetPassword')}</Button>}
            <ResetTotpButton user={profile} />
          </Flex>
        ),
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t('orgManage.users.profile'),
        profile: [
          { key: 'username', label: t('orgManage.users.username'), children: profile.username },
          { key: 'name', label: t('orgManage.users.name'), children: profile.name },
          { key: 'status', label: t('adminKit.status'), children: <StatusTags actived={profile.actived} locked={profile.locked} /> },
          { key: 'email', label: t('orgManage.users.email'), children: profile.email ?? '—' },
          { key: 'phone', label: t('orgManage.users.phone'), children: profile.phone ?? '—' },
          { key: 'org', label: t('orgManage.users.org'), children: profile.orgName ?? '—' },
          { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(profile.createdAt) },
          { key: 'updatedAt', label: t('adminKit.updatedAt'), children: formatTime(profile.updatedAt) },
          { key: 'description', label: t('adminKit.description'), children: profile.description ?? '—' },
        ],
        sections: (
          <Tabs
            items={[
              { key: 'roles', label: t('orgManage.users.directRoles'), children: <UserRolesCard userId={userId} /> },
              { key: 'groups', label: t('orgManage.users.groups'), children: <UserGroupsCard userId={userId} /> },
              { key: 'resources', label: t('orgManage.users.effectiveResources'), children: <EffectiveResources userId={userId} /> },
              { key: 'third', label: t('orgManage.users.linkedAccounts'), children: <UserLinkedAccounts userId={userId} /> },
            ]}
          />
        ),
        modals: (
          <>
            <UserFormModal editing={editing ? profile : null} onClose={() => setEditing(false)} />
            <ResetPasswordModal user={resetting ? profile : null} onClose={() => setResetting(false)} />
          </>
        ),
      })}
    />
  );
}
