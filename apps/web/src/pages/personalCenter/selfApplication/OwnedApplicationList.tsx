import type { Application, MenuNode } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Tag, type TableColumnsType } from 'antd';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { formatTime } from '../../../components/admin/format.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { ownedApplicationsQuery, OWNED_APPLICATIONS_KEY } from './api.ts';
import { useSelfApplicationT } from './messages.ts';
import { buildPath, ownedPage } from './ownedApps.ts';
import { useApplicationLabels } from './useApplicationLabels.ts';

/** The applications the caller owns, each with its detail view and build entry. */
export function OwnedApplicationList({ node }: { node: MenuNode }) {
  const t = useSelfApplicationT();
  const labels = useApplicationLabels();
  const queryClient = useQueryClient();
  const columns: TableColumnsType<Application> = [
    { title: t('name'), dataIndex: 'name', render: (name: string, app) => <LinkButton to={detailPath(node, app.id)}>{name}</LinkButton> },
    { title: t('instant'), dataIndex: 'instant' },
    { title: t('type'), dataIndex: 'type', render: (type: Application['type']) => <Tag>{labels.type(type)}</Tag> },
    {
      title: t('state'),
      dataIndex: 'state',
      render: (state: Application['state']) => <Tag color={state === 'enabled' ? 'success' : 'default'}>{labels.state(state)}</Tag>,
    },
    { title: t('category'), dataIndex: 'category', render: (category: string[]) => category.map((c) => <Tag key={c}>{c}</Tag>) },
    { title: t('updatedAt'), dataIndex: 'updatedAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, app) => (
        <Flex gap={4}>
          <LinkButton to={detailPath(node, app.id)}>{t('details')}</LinkButton>
          <LinkButton to={buildPath(node, app.id)}>{t('build')}</LinkButton>
        </Flex>
      ),
    },
  ];
  return (
    <AdminPage title={node.title}>
      <Card size="small">
        <ServerTable<Application>
          label={node.title}
          queryKey={OWNED_APPLICATIONS_KEY}
          // The whole list is fetched once (the cached one when fresh) and each page cut from it.
          fetchPage={async (query) => ownedPage(await queryClient.fetchQuery(ownedApplicationsQuery), query)}
          columns={columns}
          searchPlaceholder={t('search')}
          emptyText={t('empty')}
          tableProps={{ scroll: { x: 'max-content' } }}
        />
      </Card>
    </AdminPage>
  );
}
