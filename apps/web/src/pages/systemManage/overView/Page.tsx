import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Flex, Row } from 'antd';
import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { overviewQueries } from './api.ts';
import { useOverviewT } from './messages.ts';
import { StatCards } from './StatCards.tsx';
import { TopBarChart } from './TopBarChart.tsx';

/** systemManage:overView: how many users, groups, roles… exist, and which have the most members. */
export function Component({ node }: ConsolePageProps) {
  const t = useOverviewT();
  const counts = useQuery(overviewQueries.staticInfo);
  const top = useQuery(overviewQueries.topStats);
  return (
    <AdminPage title={node.title || t('title')}>
      <Flex vertical gap={16}>
        {(counts.isError || top.isError) && <Alert type="error" showIcon title={t('loadFailed')} />}
        <StatCards info={counts.data} loading={counts.isPending} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <TopBarChart
              title={t('topOrganizations')}
              seriesName={t('members')}
              entries={top.data?.organizations}
              loading={top.isPending}
            />
          </Col>
          <Col xs={24} lg={12}>
            <TopBarChart title={t('topRoles')} seriesName={t('holders')} entries={top.data?.roles} loading={top.isPending} />
          </Col>
        </Row>
      </Flex>
    </AdminPage>
  );
}
