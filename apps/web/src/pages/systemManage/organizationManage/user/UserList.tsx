import { ImportOutlined } from '@ant-design/icons';
import type { MenuNode, User } from '@portal/contracts';
import { Button, Card, Col, Flex, Row, Switch, Tooltip } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../access/useCan.ts';
import { AdminPage } from '../../../../components/admin/AdminPage.tsx';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { OrgTree } from '../../../../components/admin/OrgTree.tsx';
import { findOrg } from '../../../../components/admin/orgTree.ts';
import { StatusFilter, activedParam, type StatusChoice } from '../../../../components/admin/StatusFilter.tsx';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { useOrgTree } from '../../../../components/admin/useOrgTree.ts';
import { fetchUsers, type UserFilters } from './api.ts';
import { ExportUsersButton } from './ExportUsersButton.tsx';
import { ImportUsersModal } from './ImportUsersModal.tsx';
import { POINTS } from '../../../../access/points.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { useUserColumns } from './useUserColumns.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import '../../../../components/admin/messages.ts';
import { CreateButton } from '../../../../components/admin/CreateButton.tsx';

/** Users filtered by organisation (left tree) and status, paged on the server, with their actions. */
export function UserList({ node }: { node: MenuNode }) {
  const { t } = useTranslation();
  const subtreeId = useId();
  const tree = useOrgTree();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [subtree, setSubtree] = useState(true);
  const [status, setStatus] = useState<StatusChoice>('all');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const canImport = useCan(POINTS.user.import);
  const canExport = useCan(POINTS.user.export);
  const columns = useUserColumns({ node, onEdit: setEditing, onResetPassword: setResetting });

  const found = orgId ? findOrg(tree.data ?? [], orgId) : undefined;
  const org = found ? { id: found.id, name: found.name } : undefined;
  const filters: UserFilters = { orgId, subtree: orgId ? subtree : undefined, actived: activedParam(status) };

  const importButton = (
    <Button icon={<ImportOutlined />} disabled={!org} onClick={() => setImporting(true)}>
      {t('orgManage.users.import')}
    </Button>
  );

  return (
    <AdminPage
      title={node.title}
      extra={
        <>
          {canImport && (org ? importButton : <Tooltip title={t('orgManage.users.chooseOrgFirst')}>{importButton}</Tooltip>)}
          {canExport && <ExportUsersButton org={org} query={{ subtree }} />}
          {
            <CreateButton point={POINTS.user.create} onClick={() => setEditing('new')}>
              {t('orgManage.users.create')}
            </CreateButton>
          }
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8} xl={6}>
          <Card title={t('orgManage.users.orgs')} size="small">
            <Flex vertical gap={12}>
              <Flex align="center" gap={8}>
                <Switch id={subtreeId} checked={subtree} onChange={setSubtree} size="small" />
                <label htmlFor={subtreeId}>{t('orgManage.users.includeSubOrgs')}</label>
              </Flex>
              <OrgTree
                nodes={tree.data}
                loading={tree.isLoading}
                selectedId={orgId}
                onSelect={setOrgId}
                label={t('orgManage.users.orgs')}
              />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={16} xl={18}>
          <Card size="small">
            <ServerTable<User>
              label={node.title}
              queryKey={ADMIN_KEYS.users}
              fetchPage={fetchUsers}
              filters={{ ...filters }}
              columns={columns}
              searchPlaceholder={t('orgManage.users.search')}
              emptyText={t('orgManage.users.empty')}
              tableProps={{ scroll: { x: 960 } }}
              toolbar={<StatusFilter value={status} onChange={setStatus} />}
            />
          </Card>
        </Col>
      </Row>
      <UserFormModal editing={editing} defaultOrgId={orgId} onClose={() => setEditing(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      {canImport && <ImportUsersModal open={importing} org={org} onClose={() => setImporting(false)} />}
    </AdminPage>
  );
}
