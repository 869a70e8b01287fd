import type { MenuNode, Role, User } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { DetailPage } from '../../../../components/admin/DetailPage.tsx';
import { useRoleColumns, useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { ROLE_PICKER, USER_PICKER } from '../../../../components/admin/pickers.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { fetchPosition, fetchPositionRoles, fetchPositionUsers, savePositionRoles, savePositionUsers } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import { PositionFormModal } from './PositionFormModal.tsx';
import '../../../../components/admin/messages.ts';

/** One position: profile, the users holding it and the roles it gives them (both editable with update). */
export function PositionDetail({ node, positionId }: { node: MenuNode; positionId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.position.update);
  const [editing, setEditing] = useState(false);
  const key = [...ADMIN_KEYS.positions, 'detail', positionId];
  const position = useQuery({ queryKey: key, queryFn: () => fetchPosition(positionId) });
  const users = useQuery({ queryKey: [...key, 'users'], queryFn: () => fetchPositionUsers(positionId) });
  const roles = useQuery({ queryKey: [...key, 'roles'], queryFn: () => fetchPositionRoles(positionId) });
  const saveUsers = useInvalidatingMutation((ids: string[]) => savePositionUsers(positionId, ids), { invalidate: [key, ADMIN_KEYS.users] });
  const saveRoles = useInvalidatingMutation((ids: string[]) => savePositionRoles(positionId, ids), { invalidate: [key, ADMIN_KEYS.users] });
  const userColumns = useUserBriefColumns();
  const roleColumns = useRoleColumns();

  return (
    <DetailPage
      node={node}
      record={position}
      render={(profile) => ({
        title: profile.name,
        onEdit: canUpdate ? () => setEditing(true) : undefined,
        profileTitle: t('orgManage.positions.profile'),
        profile: [
          { key: 'name', label: t('adminKit.name'), children: profile.name },
          { key: 'code', label: t('adminKit.code'), children: profile.code },
          { key: 'org', label: t('adminKit.org'), children: profile.orgName ?? '—' },
          { key: 'sort', label: t('orgManage.positions.sort'), children: profile.sort },
          { key: 'createdAt', label: t('adminKit.createdAt'), children: formatTime(profile.createdAt) },
          { key: 'description', label: t('adminKit.description'), children: profile.description ?? '—' },
        ],
        sections: (
          <>
            <AssignmentCard<User>
              title={t('orgManage.positions.members')}
              items={users.data}
              loading={users.isLoading}
              columns={userColumns}
              emptyText={t('orgManage.positions.noMembers')}
              edit={
                canUpdate
                  ? {
                      label: t('orgManage.positions.editMembers'),
                      fieldLabel: t('orgManage.positions.members'),
                      picker: USER_PICKER,
                      onSave: (ids) => saveUsers.mutateAsync(ids),
                    }
                  : undefined
              }
            />
            <AssignmentCard<Role>
              title={t('orgManage.positions.roles')}
              items={roles.data}
              loading={roles.isLoading}
              columns={roleColumns}
              emptyText={t('orgManage.positions.noRoles')}
              edit={
                canUpdate
                  ? {
                      label: t('orgManage.positions.editRoles'),
                      fieldLabel: t('orgManage.positions.roles'),
                      picker: ROLE_PICKER,
                      onSave: (ids) => saveRoles.mutateAsync(ids),
                    }
                  : undefined
              }
            />
          </>
        ),
        modals: <PositionFormModal editing={editing ? profile : null} onClose={() => setEditing(false)} />,
      })}
    />
  );
}
