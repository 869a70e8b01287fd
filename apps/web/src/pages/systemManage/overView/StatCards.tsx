import { Card, Col, Row, Statistic } from 'antd';
import type { StaticInfo } from './api.ts';
import { useOverviewT } from './messages.ts';

/** The counts in the order an administrator reads them: people first, then structure, then menus. */
const COUNTS: (keyof StaticInfo)[] = ['users', 'activeUsers', 'groups', 'roles', 'organizations', 'positions', 'menus'];

export function StatCards({ info, loading }: { info: StaticInfo | undefined; loading: boolean }) {
  const t = useOverviewT();
  return (
    <section aria-label={t('counts')}>
      <Row gutter={[16, 16]}>
        {COUNTS.map((key) => (
          <Col key={key} xs={24} sm={12} md={8} xl={6} xxl={3}>
            <Card>
              <Statistic title={t(key)} value={info ? info[key] : '–'} loading={loading} />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
