import type { BucketDetails } from '@portal/contracts';
import { Card, Col, Descriptions, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/admin/format.ts';
import { formatBytes } from './files/objectKeys.ts';
import { useSpaceT } from './messages.ts';
import { usagePercent } from './spaces.ts';

/** How much of one limit a space uses, as a bar; "no limit" without one. */
function Usage({ label, used, limit, format }: { label: string; used: number; limit: number | null; format: (n: number) => string }) {
  const t = useSpaceT();
  const percent = usagePercent(used, limit);
  return (
    <Card size="small" title={label}>
      {percent === null || limit === null ? (
        t('usageUnlimited', { used: format(used) })
      ) : (
        <>
          <Progress percent={percent} status={percent >= 100 ? 'exception' : 'normal'} aria-label={label} />
          {t('usageOf', { used: format(used), limit: format(limit) })}
        </>
      )}
    </Card>
  );
}

/** The data overview tab: what the space holds against its quotas, and its settings at a glance. */
export function DataOverviewTab({ space }: { space: BucketDetails }) {
  const t = useSpaceT();
  const { t: kit } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic title={t('objects')} value={space.objects} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic title={t('bytes')} value={formatBytes(space.bytes)} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Usage label={t('quotaBytes')} used={space.bytes} limit={space.quotaBytes} format={formatBytes} />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Usage label={t('quotaObjects')} used={space.objects} limit={space.quotaObjects} format={String} />
      </Col>
      <Col span={24}>
        <Card>
          <Descriptions
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'policy', label: t('policy'), children: t(`policies.${space.policy}`) },
              { key: 'owner', label: t('owner'), children: space.ownerName ?? '—' },
              { key: 'level', label: t('yourLevel'), children: t(`levels.${space.level}`) },
              {
                key: 'maxUpload',
                label: t('maxUploadBytes'),
                children: space.maxUploadBytes === null ? t('noLimit') : formatBytes(space.maxUploadBytes),
              },
              { key: 'createdAt', label: kit('adminKit.createdAt'), children: formatTime(space.createdAt) },
              { key: 'updatedAt', label: kit('adminKit.updatedAt'), children: formatTime(space.updatedAt) },
              { key: 'id', label: t('id'), children: <code>{space.id}</code> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
