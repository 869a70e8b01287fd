import { UserAddOutlined } from '@ant-design/icons';
import type { User } from '@portal/contracts';
import { Button, Card, Form } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../app/access/useCan.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { FormModal } from '../../../../components/admin/FormModal.tsx';
import { UserPicker } from '../../../../components/admin/pickers.tsx';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { useInvalidatingMutation } from '../../../../components/admin/useCrudMutations.ts';
import { addMembers, fetchMembers, removeMembers } from './api.ts';
import { GROUP_POINTS, USER_QUERY } from './permissions.ts';
import '../../../../components/admin/messages.ts';

/** Members of a group, paged; with the update point, add (user picker) and remove (one or selected). */
export function GroupMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const canUpdate = useCan(GROUP_POINTS.update);
  const canPickUsers = useCan(USER_QUERY);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const invalidate = [[...ADMIN_KEYS.groups, 'members', groupId], ADMIN_KEYS.groups, ADMIN_KEYS.users];
  const add = useInvalidatingMutation((userIds: string[]) => addMembers(groupId, userIds), {
    invalidate,
    success: t('orgManage.groups.membersAdded'),
  });
  const remove = useInvalidatingMutation((userIds: string[]) => removeMembers(groupId, userIds), {
    invalidate,
    success: t('orgManage.groups.membersRemoved'),
  });

  const columns: ColumnsType<User> = [
    ...useUserBriefColumns(),
    ...(canUpdate
      ? [
          {
            key: 'actions',
            title: t('adminKit.actions'),
            render: (_: unknown, user: User) => (
              <ConfirmAction
                title={t('orgManage.groups.confirmRemoveMember', { name: user.name || user.username })}
                onConfirm={() => remove.mutateAsync([user.id])}
                danger
              >
                {t('orgManage.groups.removeMember')}
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('orgManage.groups.members')}
      extra={
        canUpdate &&
        canPickUsers && (
          <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('orgManage.groups.addMembers')}
          </Button>
        )
      }
    >
      <ServerTable<User>
        label={t('orgManage.groups.members')}
        queryKey={[...ADMIN_KEYS.groups, 'members', groupId]}
        fetchPage={(query) => fetchMembers(groupId, query)}
        columns={columns}
        searchPlaceholder={t('orgManage.users.search')}
        emptyText={t('orgManage.groups.noMembers')}
        rowSelection={canUpdate ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        toolbar={
          canUpdate &&
          selected.length > 0 && (
            <ConfirmAction
              title={t('orgManage.groups.confirmRemoveSelected', { count: selected.length })}
              onConfirm={() => remove.mutateAsync(selected).then(() => setSelected([]))}
              danger
              buttonProps={{ type: 'default', size: 'middle' }}
            >
              {t('orgManage.groups.removeSelected', { count: selected.length })}
            </ConfirmAction>
          )
        }
      />
      <FormModal<{ userIds: string[] }>
        open={adding}
        title={t('orgManage.groups.addMembers')}
        onCancel={() => setAdding(false)}
        onSubmit={({ userIds }) => add.mutateAsync(userIds)}
        okText={t('orgManage.groups.add')}
      >
        <Form.Item
          name="userIds"
          label={t('orgManage.groups.usersToAdd')}
          rules={[{ required: true, message: t('orgManage.groups.pickUsers') }]}
        >
          <UserPicker />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
