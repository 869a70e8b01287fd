import type { MenuNode } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Result, Skeleton, Tabs } from 'antd';
import { isAxiosError } from 'axios';
import { useCan } from '../../../access/useCan.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { pagePath } from '../../../components/admin/pagePaths.ts';
import { formatTime } from '../../../components/admin/format.ts';
import { roleApi, roleKeys } from './api.ts';
import { useRoleT } from './messages.ts';
import { PermissionTab } from './PermissionTab.tsx';
import { POINTS } from '../../../access/points.ts';
import { RoleGroupsTab, RoleMembersTab } from './RoleRelations.tsx';
import { SuperAdminTag } from './SuperAdminTag.tsx';

/** One role (the page's detail view): what it is, who holds it, and what it grants. */
export function RoleDetail({ node, roleId }: { node: MenuNode; roleId: string }) {
  const t = useRoleT();
  const canEdit = useCan(POINTS.role.update);
  const role = useQuery({ queryKey: roleKeys.one(roleId), queryFn: () => roleApi.get(roleId) });
  const back = pagePath(node);

  if (role.isPending) return <Skeleton active />;
  if (role.isError) {
    const missing = isAxiosError(role.error) && role.error.response?.status === 404;
    return (
      <AdminPage title={node.title || t('title')} backTo={back}>
        <Result status={missing ? '404' : 'error'} title={missing ? t('notFound') : t('loadFailed')} />
      </AdminPage>
    );
  }
  const data = role.data;
  return (
    <AdminPage
      title={
        <>
          {data.name} {data.allResources && <SuperAdminTag />}
        </>
      }
      backTo={back}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: t('code'), children: data.code },
          { key: 'sort', label: t('sort'), children: data.sort },
          { key: 'createdAt', label: t('createdAt'), children: formatTime(data.createdAt) },
          ...(data.description ? [{ key: 'description', label: t('description'), children: data.description }] : []),
        ]}
      />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'members', label: t('membersTab'), children: <RoleMembersTab role={data} canEdit={canEdit} /> },
          { key: 'groups', label: t('groupsTab'), children: <RoleGroupsTab role={data} canEdit={canEdit} /> },
          { key: 'permissions', label: t('permissionsTab'), children: <PermissionTab role={data} canEdit={canEdit} /> },
        ]}
      />
    </AdminPage>
  );
}
