import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Spin, Tag, Tree, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_KEYS } from '../../../../components/admin/adminApi.ts';
import { fetchUserResources } from './api.ts';
import { catalogueTitles, resourceTree } from './resourceTree.ts';
import '../../../../components/admin/messages.ts';

/**
 * Everything the user may reach (GET /users/{id}/resources): the roles in force from every source
 * (direct, groups, organisations, positions) and the resources they add up to, as a tree.
 */
export function EffectiveResources({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const answer = useQuery({ queryKey: [...ADMIN_KEYS.users, 'detail', userId, 'resources'], queryFn: () => fetchUserResources(userId) });
  const tree = useMemo(() => resourceTree(answer.data?.resources ?? [], catalogueTitles()), [answer.data]);
  if (answer.isLoading) return <Spin />;
  const roles = answer.data?.roles ?? [];
  return (
    <Card title={t('orgManage.users.effectiveResources')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('orgManage.users.effectiveResourcesHelp')}</Typography.Text>
        <div>
          <Typography.Text strong>{t('orgManage.users.effectiveRoles')}: </Typography.Text>
          {roles.length === 0 ? (
            <Typography.Text type="secondary">{t('orgManage.users.noRoles')}</Typography.Text>
          ) : (
            roles.map((role) => <Tag key={role.id}>{role.name}</Tag>)
          )}
        </div>
        {answer.data?.all && <Alert type="info" showIcon title={t('orgManage.users.holdsEverything')} />}
        {tree.length === 0 ? (
          !answer.data?.all && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orgManage.users.noResources')} />
        ) : (
          <Tree aria-label={t('orgManage.users.effectiveResources')} treeData={tree} defaultExpandAll selectable={false} showLine />
        )}
      </Flex>
    </Card>
  );
}
