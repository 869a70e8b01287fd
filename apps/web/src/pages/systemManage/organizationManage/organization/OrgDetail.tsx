import type { MenuNode, Position, User } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Switch, Table, Tabs } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { useRoleColumns, useUserBriefColumns } from '../../../../components/admin/columns.tsx';
import { DetailPage } from '../../../../components/admin/DetailPage.tsx';
import { findOrg } from '../../../../components/admin/orgTree.ts';
import { ServerTable } from '../../../../components/admin/ServerTable.tsx';
import { useOrgTree } from '../../../../components/admin/useOrgTree.ts';
import { fetchOrg, fetchOrgPositions, fetchOrgUsers } from './api.ts';
import { OrgRolesCards } from './OrgRoles.tsx';
import '../../../../components/admin/messages.ts';

/** One organisation: profile, members (paged), positions, roles granted and roles in force. */
export function OrgDetail({ node, orgId }: { node: MenuNode; orgId: string }) {
  const { t } = useTranslation();
  const key = [...ADMIN_KEYS.orgs, 'detail', orgId];
  const org = useQuery({ queryKey: key, queryFn: () => fetchOrg(orgId) });
  const tree = useOrgTree();
  const positions = useQuery({ queryKey: [...key, 'positions'], queryFn: () => fetchOrgPositions(orgId) });
  const memberColumns = useUserBriefColumns();
  const [subtree, setSubtree] = useState(false);
  const subtreeId = useId();
  // Positions list like roles: name, code and description.
  const positionColumns = useRoleColumns<Position>();

  return (
    <DetailPage
      node={node}
      record={org}
      render={(profile) => {
        const parent = profile.parentId ? findOrg(tree.data ?? [], profile.parentId) : undefined;
        return {
          title: profile.name,
          profileTitle: t('orgManage.orgs.profile'),
          profile: [
            { key: 'name', label: t('adminKit.name'), children: profile.name },
            { key: 'code', label: t('adminKit.code'), children: profile.code },
            { key: 'parent', label: t('orgManage.orgs.parent'), children: parent?.name ?? t('orgManage.orgs.noParent') },
            { key: 'description', label: t('adminKit.description'), children: profile.description ?? '—' },
          ],
          sections: (
            <Tabs
              items={[
                {
                  key: 'members',
                  label: t('orgManage.orgs.members'),
                  children: (
                    <Card>
                      <ServerTable<User>
                        label={t('orgManage.orgs.members')}
                        queryKey={[...key, 'members']}
                        fetchPage={(query) => fetchOrgUsers(orgId, query)}
                        filters={{ subtree }}
                        toolbar={
                          <Flex align="center" gap={8}>
                            <Switch id={subtreeId} size="small" checked={subtree} onChange={setSubtree} />
                            <label htmlFor={subtreeId}>{t('orgManage.users.includeSubOrgs')}</label>
                          </Flex>
                        }
                        columns={memberColumns}
                        searchPlaceholder={t('orgManage.users.search')}
                        emptyText={t('orgManage.orgs.noMembers')}
                      />
                    </Card>
                  ),
                },
                {
                  key: 'positions',
                  label: t('orgManage.orgs.positions'),
                  children: (
                    <Card>
                      <Table<Position>
                        aria-label={t('orgManage.orgs.positions')}
                        rowKey="id"
                        size="small"
                        columns={positionColumns}
                        dataSource={positions.data ?? []}
                        loading={positions.isLoading}
                        pagination={(positions.data?.length ?? 0) > 10 ? { pageSize: 10 } : false}
                        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orgManage.orgs.noPositions')} /> }}
                      />
                    </Card>
                  ),
                },
                { key: 'roles', label: t('orgManage.orgs.roles'), children: <OrgRolesCards orgId={orgId} /> },
              ]}
            />
          ),
        };
      }}
    />
  );
}
