import type { Group, Role, User } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table/interface';
import { ADMIN_KEYS } from '../../../components/admin/adminApi.ts';
import { GROUP_PICKER, USER_PICKER } from '../../../components/admin/pickers.tsx';
import { RelationTable } from '../../../components/admin/RelationTable.tsx';
import { StatusTags } from '../../../components/admin/StatusTags.tsx';
import { groupsPage, roleApi, roleGroupsQuery, roleKeys } from './api.ts';
import { useRoleT } from './messages.ts';

/** The users holding the role directly (GET/POST/DELETE /rels/roles/users). */
export function RoleMembersTab({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const t = useRoleT();
  const columns: ColumnsType<User> = [
    { title: t('username'), dataIndex: 'username', sorter: true },
    { title: t('name'), dataIndex: 'name', sorter: true },
    { title: t('organization'), dataIndex: 'orgName' },
    {
      title: t('status'),
      dataIndex: 'actived',
      render: (actived: boolean) => <StatusTags actived={actived} />,
    },
  ];
  const removeConfirm = (count: number) => t('removeUsersConfirm', { count, name: role.name });
  return (
    <RelationTable<User>
      queryKey={roleKeys.users(role.id)}
      fetchPage={(query) => roleApi.users(role.id, query)}
      columns={columns}
      canEdit={canEdit}
      picker={USER_PICKER}
      add={(ids) => roleApi.addUsers(role.id, ids)}
      remove={(ids) => roleApi.removeUsers(role.id, ids)}
      alsoInvalidate={[ADMIN_KEYS.users]}
      texts={{
        label: t('membersTab'),
        search: t('searchMembers'),
        empty: t('noMembers'),
        add: t('addUsers'),
        pick: t('pickUsers'),
        pickRequired: t('required'),
        removeOne: () => removeConfirm(1),
        removeMany: removeConfirm,
        added: t('added'),
        removed: t('removed'),
        addBlocked: t('pickerNeedsQuery', { resource: USER_PICKER.point }),
      }}
    />
  );
}

/** The user groups holding the role (GET/POST/DELETE /rels/roles/groups). */
export function RoleGroupsTab({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const t = useRoleT();
  const queryClient = useQueryClient();
  const columns: ColumnsType<Group> = [
    { title: t('groupName'), dataIndex: 'name' },
    { title: t('groupCode'), dataIndex: 'code' },
    { title: t('description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('status'),
      dataIndex: 'actived',
      render: (actived: boolean) => <StatusTags actived={actived} />,
    },
  ];
  const removeConfirm = (count: number) => t('removeGroupsConfirm', { count, name: role.name });
  return (
    <RelationTable<Group>
      queryKey={roleKeys.groups(role.id)}
      // The whole list is fetched once (the cached one when fresh) and each page cut from it.
      fetchPage={async (query) => groupsPage(await queryClient.fetchQuery(roleGroupsQuery(role.id)), query)}
      columns={columns}
      canEdit={canEdit}
      picker={GROUP_PICKER}
      add={(ids) => roleApi.addGroups(role.id, ids)}
      remove={(ids) => roleApi.removeGroups(role.id, ids)}
      alsoInvalidate={[ADMIN_KEYS.groups]}
      texts={{
        label: t('groupsTab'),
        search: t('searchGroups'),
        empty: t('noGroups'),
        add: t('addGroups'),
        pick: t('pickGroups'),
        pickRequired: t('required'),
        removeOne: () => removeConfirm(1),
        removeMany: removeConfirm,
        added: t('added'),
        removed: t('removed'),
        addBlocked: t('pickerNeedsQuery', { resource: GROUP_PICKER.point }),
      }}
    />
  );
}
