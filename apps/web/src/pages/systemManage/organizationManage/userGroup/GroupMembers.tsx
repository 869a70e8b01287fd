import type { User } from '@portal/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { USER_PICKER } from '../../../../components/admin/pickers.tsx';
import { RelationTable } from '../../../../components/admin/RelationTable.tsx';
import { addMembers, fetchMembers, removeMembers } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import '../../../../components/admin/messages.ts';

/** Members of a group, paged; with the update point, add (user picker) and remove (one or selected). */
export function GroupMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(POINTS.userGroup.update);
  const columns = useUserBriefColumns();
  return (
    <Card title={t('orgManage.groups.members')}>
      <RelationTable<User>
        queryKey={[...ADMIN_KEYS.groups, 'members', groupId]}
        fetchPage={(query) => fetchMembers(groupId, query)}
        columns={columns}
        canEdit={canUpdate}
        picker={USER_PICKER}
        add={(userIds) => addMembers(groupId, userIds)}
        remove={(userIds) => removeMembers(groupId, userIds)}
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
