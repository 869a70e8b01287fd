import { messageEndpoints, SEND_PROGRESS_POLL_MS, type NotifyResult } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Result, Tag } from 'antd';
import { endpointQuery } from '../../../api/endpointQuery.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { useSendT } from './messages.ts';

const PROGRESS_KEY = ['message-engine', 'send-progress'] as const;

/** After a send: how many people it reached, and each channel's deliveries until none is pending. */
export function SendProgress({
  sent,
  recordPath,
  onAnother,
}: {
  sent: NotifyResult;
  recordPath: string | undefined;
  onAnother: () => void;
}) {
  const t = useSendT();
  const byChannel = useQuery({
    ...endpointQuery(PROGRESS_KEY, messageEndpoints.receiversByChannel, { params: { id: sent.id } }),
    refetchInterval: (query) => (query.state.data?.some((channel) => channel.counts.pending > 0) === false ? false : SEND_PROGRESS_POLL_MS),
  });
  const channels = byChannel.data ?? [];
  const pending = channels.reduce((sum, channel) => sum + channel.counts.pending, 0);
  const done = byChannel.data !== undefined && pending === 0;
  return (
    <Card>
      <Result
        status={done ? 'success' : 'info'}
        title={t('sent', { count: sent.recipients })}
        subTitle={done ? t('done') : t('inProgress')}
        extra={
          <Flex gap={8} justify="center">
            {recordPath && <LinkButton to={recordPath}>{t('openRecord')}</LinkButton>}
            <Button type="primary" onClick={onAnother}>
              {t('sendAnother')}
            </Button>
          </Flex>
        }
      />
      {sent.replayed && <Alert type="info" showIcon title={t('replayed')} style={{ marginBottom: 16 }} />}
      <Flex vertical gap={12} aria-live="polite">
        {channels.map((channel) => {
          const settled = channel.counts.total - channel.counts.pending;
          return (
            <Flex key={channel.channelId} vertical gap={4}>
              <Flex gap={8} wrap>
                <strong>{channel.channelName}</strong>
                <Tag color="success">{channel.counts.delivered}</Tag>
                {channel.counts.failed > 0 && <Tag color="error">{channel.counts.failed}</Tag>}
                {channel.counts.skipped > 0 && <Tag>{channel.counts.skipped}</Tag>}
              </Flex>
              <Progress
                aria-label={`${t('progress')}: ${channel.channelName}`}
                percent={channel.counts.total === 0 ? 100 : Math.floor((settled * 100) / channel.counts.total)}
                status={channel.counts.failed > 0 ? 'exception' : channel.counts.pending > 0 ? 'active' : 'success'}
              />
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
