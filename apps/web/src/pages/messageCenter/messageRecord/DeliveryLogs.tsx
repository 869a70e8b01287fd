import { messageEndpoints } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spin, Tag, Timeline, Typography } from 'antd';
import { endpointQuery } from '../../../api/endpointQuery.ts';
import { formatTime } from '../../../components/admin/format.ts';
import { RECORDS_KEY } from './api.ts';
import { useMessageRecordT } from './messages.ts';

const OUTCOME_COLOURS = { succeeded: 'green', failed: 'red', expired: 'orange' } as const;

/** Every attempt of one receiver's delivery, oldest first, with the provider's error when it failed. */
export function DeliveryLogs({ messageId, receiverId }: { messageId: string; receiverId: number }) {
  const t = useMessageRecordT();
  const logs = useQuery(endpointQuery(RECORDS_KEY, messageEndpoints.logs, { params: { id: messageId, receiverId } }));
  if (logs.isLoading) return <Spin size="small" />;
  if (!logs.data || logs.data.length === 0) return <Typography.Text type="secondary">{t('noAttempts')}</Typography.Text>;
  return (
    <Timeline
      items={logs.data.map((attempt) => ({
        color: attempt.outcome ? OUTCOME_COLOURS[attempt.outcome] : 'blue',
        content: (
          <>
            <Typography.Text strong>{t('attempt', { n: attempt.attempt })}</Typography.Text>{' '}
            <time dateTime={attempt.startedAt}>{formatTime(attempt.startedAt)}</time>{' '}
            <Tag color={attempt.outcome ? OUTCOME_COLOURS[attempt.outcome] : 'processing'}>
              {attempt.outcome ? t(`outcome_${attempt.outcome}`) : t('running')}
            </Tag>
            {attempt.error && (
              <Typography.Paragraph type="danger" style={{ marginBottom: 0 }}>
                {attempt.error}
              </Typography.Paragraph>
            )}
          </>
        ),
      }))}
    />
  );
}
