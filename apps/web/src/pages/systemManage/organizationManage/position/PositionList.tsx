import type { MenuNode, Position } from '@portal/contracts';
import { Button, Card, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { detailPath } from '../../../../components/admin/pagePaths.ts';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { ConfirmAction } from '../../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../../components/admin/format.ts';
import { LinkButton } from '../../../../components/admin/LinkButton.tsx';
import { OrgTreeSelect } from '../../../../components/admin/OrgTreeSelect.tsx';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { useCrudMutations } from '../../../../components/admin/useCrudMutations.ts';
import { fetchPositions, POSITIONS_URL } from './api.ts';
import { POINTS } from '../../../../access/points.ts';
import { PositionFormModal } from './PositionFormModal.tsx';
import '../../../../components/admin/messages.ts';
import { CreateButton } from '../../../../components/admin/CreateButton.tsx';

/** Positions, paged on the server and filtered by organisation, with create, edit and delete. */
export function PositionList({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const [orgId, setOrgId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Position | 'new' | null>(null);
  const canUpdate = useCan(POINTS.position.update);
  const canDelete = useCan(POINTS.position.delete);
  const { remove } = useCrudMutations(POSITIONS_URL, [ADMIN_KEYS.positions, ADMIN_KEYS.orgs]);

  const columns: ColumnsType<Position> = [
    {
      key: 'name',
      title: t('adminKit.name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, position) => (
        <LinkButton to={detailPath(node, position.id)} style={{ padding: 0 }}>
          {name}
        </LinkButton>
      ),
    },
    { key: 'code', title: t('adminKit.code'), dataIndex: 'code', sorter: true },
    { key: 'orgName', title: t('adminKit.org'), dataIndex: 'orgName' },
    { key: 'sort', title: t('orgManage.positions.sort'), dataIndex: 'sort', sorter: true, width: 100 },
    { key: 'createdAt', title: t('adminKit.createdAt'), dataIndex: 'createdAt', sorter: true, render: formatTime },
    {
      key: 'actions',
      title: t('adminKit.actions'),
      width: 160,
      render: (_: unknown, position) => (
        <Flex wrap gap={4}>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setEditing(position)}>
              {t('adminKit.edit')}
            </Button>
          )}
          {canDelete && (
            <ConfirmAction
              title={t('orgManage.positions.confirmDelete', { name: position.name })}
              description={t('orgManage.positions.deleteEffect')}
              onConfirm={() => remove.mutateAsync(position.id)}
              danger
            >
              {t('adminKit.delete')}
            </ConfirmAction>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.position.create} onClick={() => setEditing('new')}>
          {t('orgManage.positions.create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<Position>
          label={node.title}
          queryKey={ADMIN_KEYS.positions}
          fetchPage={fetchPositions}
          filters={{ orgId: orgId ?? undefined }}
          columns={columns}
          searchPlaceholder={t('orgManage.positions.search')}
          emptyText={t('orgManage.positions.empty')}
          toolbar={
            <OrgTreeSelect
              value={orgId}
              onChange={setOrgId}
              aria-label={t('orgManage.positions.filterByOrg')}
              placeholder={t('orgManage.positions.allOrgs')}
            />
          }
        />
      </Card>
      <PositionFormModal editing={editing} defaultOrgId={orgId ?? undefined} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
