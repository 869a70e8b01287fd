import type { Group, Role } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { GROUP_PICKER, ROLE_PICKER } from '../../../../components/admin/pickers.tsx';
import { useRoleColumns } from '../../../../components/admin/columns.tsx';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { fetchUserGroups, fetchUserRoles, saveUserGroups, saveUserRoles } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

/** The user's direct roles; editable (PUT /users/{id}/roles/all) with update and the role picker's point. */
export function UserRolesCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.user.update);
  const columns = useRoleColumns();
  const roles = useQuery({ queryKey: [...ADMIN_KEYS.users, 'detail', userId, 'roles'], queryFn: () => fetchUserRoles(userId) });
  const save = useInvalidatingMutation((ids: string[]) => saveUserRoles(userId, ids), {
    invalidate: [[...ADMIN_KEYS.users, 'detail', userId]],
  });
  return (
    <AssignmentCard<Role>
      title={t('orgManage.users.directRoles')}
      items={roles.data}
      loading={roles.isLoading}
      columns={columns}
      emptyText={t('orgManage.users.noRoles')}
      edit={
        canUpdate
          ? {
              label: t('orgManage.users.editRoles'),
              fieldLabel: t('orgManage.users.roles'),
              picker: ROLE_PICKER,
              onSave: (ids) => save.mutateAsync(ids),
            }
          : undefined
      }
    />
  );
}

/** The user's groups; editable (PUT /users/{userId}/groups/all) with update and the group picker's point. */
export function UserGroupsCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.user.update);
  const groups = useQuery({ queryKey: [...ADMIN_KEYS.users, 'detail', userId, 'groups'], queryFn: () => fetchUserGroups(userId) });
  const save = useInvalidatingMutation((ids: string[]) => saveUserGroups(userId, ids), {
    invalidate: [[...ADMIN_KEYS.users, 'detail', userId], ADMIN_KEYS.groups],
  });
  const columns: ColumnsType<Group> = [
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name' },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code' },
    { key: 'actived', title: t('adminKit.status'), dataIndex: 'actived', render: (actived: boolean) => <StatusTags actived={actived} /> },
  ];
  return (
    <AssignmentCard<Group>
      title={t('orgManage.users.groups')}
      items={groups.data}
      loading={groups.isLoading}
      columns={columns}
      emptyText={t('orgManage.users.noGroups')}
      edit={
        canUpdate
          ? {
              label: t('orgManage.users.editGroups'),
              fieldLabel: t('orgManage.users.groups'),
              picker: GROUP_PICKER,
              onSave: (ids) => save.mutateAsync(ids),
            }
          : undefined
      }
    />
  );
}
