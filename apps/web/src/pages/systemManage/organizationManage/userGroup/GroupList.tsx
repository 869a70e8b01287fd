import type { Group, MenuNode } from '@portal/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { StatusFilter, activedParam, type StatusChoice } from '../../../../components/admin/StatusFilter.tsx';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { fetchGroups } from './api.ts';
import { GroupFormModal } from './GroupFormModal.tsx';
import { POINTS } from '../../../../access/points.ts';
import { useGroupColumns } from './useGroupColumns.tsx';
import '../../../../components/admin/messages.ts';
import { CreateButton } from '../../../../components/admin/CreateButton.tsx';

/** User groups, paged on the server, with create, edit, activate/disable and delete. */
export function GroupList({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [status, setStatus] = useState<StatusChoice>('all');
  const columns = useGroupColumns(node, setEditing);
  return (
    <AdminPage
      title={node.title}
      extra={
        <CreateButton point={POINTS.userGroup.create} onClick={() => setEditing('new')}>
          {t('orgManage.groups.create')}
        </CreateButton>
      }
    >
      <Card size="small">
        <ServerTable<Group>
          label={node.title}
          queryKey={ADMIN_KEYS.groups}
          fetchPage={fetchGroups}
          filters={{ actived: activedParam(status) }}
          columns={columns}
          searchPlaceholder={t('orgManage.groups.search')}
          emptyText={t('orgManage.groups.empty')}
          toolbar={<StatusFilter value={status} onChange={setStatus} />}
        />
      </Card>
      <GroupFormModal editing={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
