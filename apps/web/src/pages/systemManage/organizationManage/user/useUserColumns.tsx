import type { MenuNode, User } from '@portal/contracts';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../../components/admin/pagePaths.ts';
import { formatTime } from '../../../../components/admin/format.ts';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { StatusTags } from '../../../../components/admin/StatusTags.tsx';
import { UserActions } from './UserActions.tsx';
import '../../../../components/admin/messages.ts';

interface Handlers {
  node: MenuNode;
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
}

/** Columns of the users table; sortable ones (USER_SORTS) sort on the server by their key. */
export function useUserColumns({ node, onEdit, onResetPassword }: Handlers): ColumnsType<User> {
  const { t } = useTranslation();
  return [
    {
      key: 'username',
      title: t('orgManage.users.username'),
      dataIndex: 'username',
      sorter: true,
      render: (username: string, user) => (
        <LinkButton to={detailPath(node, user.id)} style={{ padding: 0 }}>
          {username}
        </LinkButton>
      ),
    },
    { key: 'name', title: t('orgManage.users.name'), dataIndex: 'name', sorter: true },
    { key: 'email', title: t('orgManage.users.email'), dataIndex: 'email', ellipsis: true },
    { key: 'phone', title: t('orgManage.users.phone'), dataIndex: 'phone' },
    { key: 'orgName', title: t('orgManage.users.org'), dataIndex: 'orgName', ellipsis: true },
    {
      key: 'actived',
      title: t('adminKit.status'),
      dataIndex: 'actived',
      render: (_: boolean, user) => <StatusTags actived={user.actived} locked={user.locked} />,
    },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: t('adminKit.actions'),
      fixed: 'right',
      width: 280,
      render: (_: unknown, user) => <UserActions user={user} onEdit={onEdit} onResetPassword={onResetPassword} />,
    },
  ];
}
