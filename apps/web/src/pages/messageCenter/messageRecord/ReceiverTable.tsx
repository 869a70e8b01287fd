import { messageEndpoints, type MessageReceiver, type ReceiverQuery } from '@portal/contracts';
import { Button, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call.ts';
import { formatTime } from '../../../components/admin/format.ts';
import type { PageState } from '../../../components/admin/pageQuery.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { useCallMutation } from '../../../components/admin/useCrudMutations.ts';
import { LIVE_REFRESH_MS, RECORDS_KEY } from './api.ts';
import { DeliveryLogs } from './DeliveryLogs.tsx';
import { ChannelStateFilters, type ChannelStateFilter } from './ChannelStateFilters.tsx';
import { useMessageRecordT } from './messages.ts';
import { StateTag } from './StateCounts.tsx';

interface Props {
  messageId: string;
  channels: { channelId: string; channelName: string }[];
  /** Whether the caller may retry (the retry point). */
  canRetry: boolean;
  /** Whether deliveries are still pending: the table then refreshes by itself. */
  live: boolean;
}

/** A message's receivers per channel: state, address, attempts and error; failed ones can be retried; a row opens its attempts. */
export function ReceiverTable({ messageId, channels, canRetry, live }: Props) {
  const t = useMessageRecordT();
  const [filters, setFilters] = useState<ChannelStateFilter>({});
  const [selected, setSelected] = useState<number[]>([]);
  const retry = useCallMutation(messageEndpoints.retry, { invalidate: [RECORDS_KEY], success: false });
  const channelName = (id: string) => channels.find((channel) => channel.channelId === id)?.channelName ?? id;

  const columns: TableColumnsType<MessageReceiver> = [
    { title: t('person'), dataIndex: 'userName' },
    { title: t('channel'), dataIndex: 'channelId', render: channelName },
    { title: t('address'), dataIndex: 'address', render: (address: string | null) => address ?? '' },
    {
      title: t('state'),
      dataIndex: 'state',
      render: (state: MessageReceiver['state'], row) => (
        <Flex vertical>
          <StateTag state={state} />
          {row.skipReason && <Typography.Text type="secondary">{t(`skip_${row.skipReason}`)}</Typography.Text>}
          {row.nextAttemptAt && (
            <Typography.Text type="secondary">{t('nextAttempt', { at: formatTime(row.nextAttemptAt) })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('attempts'), dataIndex: 'attempts' },
    {
      title: t('lastError'),
      dataIndex: 'lastError',
      render: (error: string | null) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : ''),
    },
    { title: t('deliveredAt'), dataIndex: 'deliveredAt', render: (at: string | null) => (at ? formatTime(at) : '') },
  ];

  async function retryNow(body: { allFailed: true } | { receiverIds: number[] }) {
    const { retried } = await retry.mutateAsync({ params: { id: messageId }, body });
    setSelected([]);
    return retried;
  }

  return (
    <ServerTable<MessageReceiver>
      label={t('receivers')}
      queryKey={[...RECORDS_KEY, messageId, 'receivers']}
      fetchPage={(query: PageState & Record<string, unknown>) =>
        call(messageEndpoints.receivers, { params: { id: messageId }, query: query as ReceiverQuery })
      }
      filters={{ ...filters }}
      columns={columns}
      searchPlaceholder={t('receiversSearch')}
      emptyText={t('receiverEmpty')}
      {...(canRetry
        ? {
            rowSelection: {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (row: MessageReceiver) => ({ disabled: row.state !== 'failed', 'aria-label': row.userName }),
            },
          }
        : {})}
      tableProps={{
        scroll: { x: 'max-content' },
        expandable: {
          expandedRowRender: (row) => <DeliveryLogs messageId={messageId} receiverId={row.id} />,
          rowExpandable: (row) => row.attempts > 0,
        },
      }}
      refreshMs={live ? LIVE_REFRESH_MS : undefined}
      toolbar={
        <Flex gap={8} wrap>
          <ChannelStateFilters channels={channels} onChange={(change) => setFilters((current) => ({ ...current, ...change }))} />
          {canRetry && selected.length > 0 && (
            <Button onClick={() => void retryNow({ receiverIds: selected })} loading={retry.isPending}>
              {t('retrySelected')}
            </Button>
          )}
          {canRetry && (
            <Popconfirm title={t('retryConfirm')} onConfirm={() => retryNow({ allFailed: true })}>
              <Button danger loading={retry.isPending}>
                {t('retryFailed')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      }
    />
  );
}
