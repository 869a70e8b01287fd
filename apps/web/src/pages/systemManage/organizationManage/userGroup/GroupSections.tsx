import { relationEndpoints, type Role, type User } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { POINTS } from '../../../../access/points.ts';
import { useCan } from '../../../../access/useCan.ts';
import { call } from '../../../../api/call.ts';
import { endpointQuery } from '../../../../api/endpointQuery.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { AssignmentCard } from '../../../../components/admin/AssignmentCard.tsx';
import { useRoleColumns, useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { USER_PICKER } from '../../../../components/admin/pickers.tsx';
import { RelationTable } from '../../../../components/admin/RelationTable.tsx';
import { TitleWithHelp } from '../../../../components/admin/TitleWithHelp.tsx';
import '../../../../components/admin/messages.ts';

const members = relationEndpoints.groupUsers;

/** Members of a group, paged; with the update point, add (user picker) and remove (one or selected). */
export function GroupMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.userGroup.update);
  const columns = useUserBriefColumns();
  return (
    <Card title={t('orgManage.groups.members')}>
      <RelationTable<User>
        queryKey={[...ADMIN_KEYS.groups, 'members', groupId]}
        fetchPage={(query) => call(members.list, { query: { ...query, groupId } })}
        columns={columns}
        canEdit={canUpdate}
        picker={USER_PICKER}
        add={(userIds) => call(members.add, { body: { groupId, userIds } })}
        remove={(userIds) => call(members.remove, { body: { groupId, userIds } })}
        alsoInvalidate={[ADMIN_KEYS.groups, ADMIN_KEYS.users]}
        texts={{
          label: t('orgManage.groups.members'),
          search: t('orgManage.users.search'),
          empty: t('orgManage.groups.noMembers'),
          add: t('orgManage.groups.addMembers'),
          addOk: t('orgManage.groups.add'),
          pick: t('orgManage.groups.usersToAdd'),
          pickRequired: t('orgManage.groups.pickUsers'),
          removeOne: (user) => t('orgManage.groups.confirmRemoveMember', { name: user.name || user.username }),
          removeMany: (count) => t('orgManage.groups.confirmRemoveSelected', { count }),
          added: t('orgManage.groups.membersAdded'),
          removed: t('orgManage.groups.membersRemoved'),
        }}
      />
    </Card>
  );
}

/** The roles granted to a group, read-only here: they are granted on the roles page. */
export function GroupRoles({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const roles = useQuery(endpointQuery(ADMIN_KEYS.groups, relationEndpoints.roleGroups.reverse, { query: { groupId } }));
  const columns = useRoleColumns();
  return (
    <AssignmentCard<Role>
      title={<TitleWithHelp title={t('orgManage.groups.roles')} help={t('orgManage.groups.rolesHelp')} />}
      items={roles.data}
      loading={roles.isLoading}
      columns={columns}
      emptyText={t('orgManage.groups.noRoles')}
    />
  );
}
