import type { MenuNode, Role } from '@portal/contracts';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../access/useCan.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { ConfirmAction } from '../../../components/admin/ConfirmAction.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { useInvalidatingMutation } from '../../../components/admin/useCrudMutations.ts';
import { roleApi, roleKeys } from './api.ts';
import { useRoleT } from './messages.ts';
import { POINTS } from '../../../access/points.ts';
import { RoleFormModal, type RoleFormMode } from './RoleFormModal.tsx';
import { SuperAdminTag } from './SuperAdminTag.tsx';
import { CreateButton } from '../../../components/admin/CreateButton.tsx';

/**
 * Deletes after a confirmation; the super-administrator role cannot be deleted. (Rendered inside
 * the page, so its toast follows the page's theme.)
 */
function DeleteRoleButton({ role }: { role: Role }) {
  const t = useRoleT();
  const remove = useInvalidatingMutation(() => roleApi.remove(role.id), { invalidate: [roleKeys.all], success: t('deleted') });
  if (role.allResources) {
    return (
      <Tooltip title={t('superAdminHint')}>
        <Button type="link" size="small" danger disabled>
          {t('delete')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <ConfirmAction danger title={t('deleteConfirm', { name: role.name })} onConfirm={() => remove.mutateAsync()}>
      {t('delete')}
    </ConfirmAction>
  );
}

/** The role table: searched, sorted and paged by the server. */
export function RoleList({ node }: { node: MenuNode }) {
  const t = useRoleT();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ mode: RoleFormMode; role?: Role } | null>(null);
  const canCreate = useCan(POINTS.role.create);
  const canUpdate = useCan(POINTS.role.update);
  const canDelete = useCan(POINTS.role.delete);

  const columns: ColumnsType<Role> = [
    {
      title: t('name'),
      dataIndex: 'name',
      sorter: true,
      render: (name: string, role) => (
        <Space size={4} wrap>
          <Link to={detailPath(node, role.id)}>{name}</Link>
          {role.allResources && <SuperAdminTag />}
        </Space>
      ),
    },
    { title: t('code'), dataIndex: 'code', sorter: true },
    { title: t('description'), dataIndex: 'description', ellipsis: true },
    { title: t('sort'), dataIndex: 'sort', sorter: true, width: 110 },
    { title: t('createdAt'), dataIndex: 'createdAt', sorter: true, render: (at: string) => formatTime(at) },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, role) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void navigate(detailPath(node, role.id))}>
            {t('view')}
          </Button>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'edit', role })}>
              {t('edit')}
            </Button>
          )}
          {canCreate && (
            <Button type="link" size="small" onClick={() => setForm({ mode: 'copy', role })}>
              {t('copy')}
            </Button>
          )}
          {canDelete && <DeleteRoleButton role={role} />}
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title={node.title || t('title')}
      extra={
        <CreateButton point={POINTS.role.create} onClick={() => setForm({ mode: 'create' })}>
          {t('create')}
        </CreateButton>
      }
    >
      <ServerTable<Role>
        label={t('title')}
        queryKey={[...roleKeys.all, 'list']}
        fetchPage={roleApi.list}
        columns={columns}
        searchPlaceholder={t('searchPlaceholder')}
        emptyText={t('empty')}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <RoleFormModal form={form} onClose={() => setForm(null)} />
    </AdminPage>
  );
}
