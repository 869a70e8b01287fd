import type { MenuNode, Role, User } from '@portal/contracts';
import type { ColumnType, ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton.tsx';
import { detailPath } from './pagePaths.ts';
import { StatusTags } from './StatusTags.tsx';
import './messages.ts';

/** Name, code and description of roles, for lists of roles granted to something (and of positions, which read the same). */
export function useRoleColumns<T extends Pick<Role, 'name' | 'code' | 'description'> = Role>(): ColumnsType<T> {
  const { t } = useTranslation();
  return [
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name' },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code' },
    { key: 'description', title: t('adminKit.description'), dataIndex: 'description', ellipsis: true },
  ];
}

/** Username, name, organisation and status of users, for member lists. */
export function useUserBriefColumns(): ColumnsType<User> {
  const { t } = useTranslation();
  return [
    { key: 'username', title: t('adminKit.username'), dataIndex: 'username' },
    { key: 'name', title: t('adminKit.name'), dataIndex: 'name' },
    { key: 'orgName', title: t('adminKit.org'), dataIndex: 'orgName' },
    {
      key: 'actived',
      title: t('adminKit.status'),
      dataIndex: 'actived',
      render: (_: unknown, user) => <StatusTags actived={user.actived} locked={user.locked} />,
    },
  ];
}

/** The sortable name column of a list whose records have a detail view: each name links to it. */
export function detailLinkColumn<T extends { id: string; name: string }>(node: Pick<MenuNode, 'resource'>, title: string): ColumnType<T> {
  return {
    key: 'name',
    title,
    dataIndex: 'name',
    sorter: true,
    render: (name: string, row) => (
      <LinkButton to={detailPath(node, row.id)} style={{ padding: 0 }}>
        {name}
      </LinkButton>
    ),
  };
}
