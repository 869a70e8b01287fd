import type { Group, Role, User } from '@portal/contracts';
import type { ColumnsType } from 'antd/es/table/interface';
import { useCan } from '../../../app/access/useCan.ts';
import { ADMIN_KEYS } from '../../../components/admin/adminApi.ts';
import { GroupSelect, UserPicker } from '../../../components/admin/pickers.tsx';
import { StatusTags } from '../../../components/admin/StatusTags.tsx';
import { roleApi, roleKeys } from './api.ts';
import { useRoleT } from './messages.ts';
import { GROUP_QUERY_POINT, USER_QUERY_POINT } from './points.ts';
import { RelationTab } from './RelationTab.tsx';

/** The users holding the role directly (GET/POST/DELETE /rels/roles/users). */
export function RoleMembersTab({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const t = useRoleT();
  const canListUsers = useCan(USER_QUERY_POINT);
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
  return (
    <RelationTab<User>
      queryKey={roleKeys.users(role.id)}
      fetchPage={(query) => roleApi.users(role.id, query)}
      columns={columns}
      canEdit={canEdit}
      addBlockedReason={canListUsers ? undefined : t('pickerNeedsQuery', { resource: USER_QUERY_POINT })}
      renderPicker={(props) => <UserPicker {...props} />}
      add={(ids) => roleApi.addUsers(role.id, ids)}
      remove={(ids) => roleApi.removeUsers(role.id, ids)}
      alsoInvalidate={[ADMIN_KEYS.users]}
      texts={{
        label: t('membersTab'),
        search: t('searchMembers'),
        empty: t('noMembers'),
        add: t('addUsers'),
        pick: t('pickUsers'),
        removeConfirm: (count) => t('removeUsersConfirm', { count, name: role.name }),
      }}
    />
  );
}

/** The user groups holding the role (GET/POST/DELETE /rels/roles/groups). */
export function RoleGroupsTab({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const t = useRoleT();
  const canListGroups = useCan(GROUP_QUERY_POINT);
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
  return (
    <RelationTab<Group>
      queryKey={roleKeys.groups(role.id)}
      fetchPage={(query) => roleApi.groups(role.id, query)}
      columns={columns}
      canEdit={canEdit}
      addBlockedReason={canListGroups ? undefined : t('pickerNeedsQuery', { resource: GROUP_QUERY_POINT })}
      renderPicker={(props) => <GroupSelect {...props} />}
      add={(ids) => roleApi.addGroups(role.id, ids)}
      remove={(ids) => roleApi.removeGroups(role.id, ids)}
      alsoInvalidate={[ADMIN_KEYS.groups]}
      texts={{
        label: t('groupsTab'),
        search: t('searchGroups'),
        empty: t('noGroups'),
        add: t('addGroups'),
        pick: t('pickGroups'),
        removeConfirm: (count) => t('removeGroupsConfirm', { count, name: role.name }),
      }}
    />
  );
}
