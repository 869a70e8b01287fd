import { messageEndpoints, type MenuNode, type MessageSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Flex, Row, Statistic, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { endpointQuery } from '../../../api/endpointQuery.ts';
import { AdminPage } from '../../../components/admin/AdminPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { LinkButton } from '../../../components/admin/LinkButton.tsx';
import { detailPath } from '../../../components/admin/pagePaths.ts';
import { ServerTable } from '../../../components/admin/ServerTable.tsx';
import { fetchMessages, LIVE_REFRESH_MS, RECORDS_KEY } from './api.ts';
import { ChannelStateFilters, type ChannelStateFilter } from './ChannelStateFilters.tsx';
import { useMessageRecordT } from './messages.ts';
import { StateCounts } from './StateCounts.tsx';

interface Filters extends ChannelStateFilter {
  from?: string | undefined;
  to?: string | undefined;
}

/** The records list: deliveries per channel on top, then every message newest first with its progress. */
export function MessageList({ node }: { node: MenuNode }) {
  const t = useMessageRecordT();
  const [filters, setFilters] = useState<Filters>({});
  const period = { from: filters.from, to: filters.to };
  const channels = useQuery({
    ...endpointQuery(RECORDS_KEY, messageEndpoints.channelRecords, { query: period }),
    refetchInterval: LIVE_REFRESH_MS * 5,
  });
  const columns: TableColumnsType<MessageSummary> = [
    {
      title: t('messageTitle'),
      dataIndex: 'title',
      render: (title: string, message) => <LinkButton to={detailPath(node, message.id)}>{title}</LinkButton>,
    },
    { title: t('sentAt'), dataIndex: 'createdAt', render: (at: string) => <time dateTime={at}>{formatTime(at)}</time> },
    {
      title: t('sender'),
      dataIndex: 'senderName',
      render: (name: string | null) => name ?? <Typography.Text type="secondary">{t('system')}</Typography.Text>,
    },
    { title: t('classification'), dataIndex: 'classificationName', render: (name: string | null) => name ?? '' },
    { title: t('channels'), dataIndex: 'channelIds', render: (ids: string[]) => ids.join(', ') },
    { title: t('progress'), dataIndex: 'counts', render: (counts: MessageSummary['counts']) => <StateCounts counts={counts} /> },
  ];
  return (
    <AdminPage title={node.title || t('title')}>
      <Flex vertical gap={16}>
        <Card size="small" title={t('channelTotals')}>
          {channels.data && channels.data.length > 0 ? (
            <Row gutter={[16, 16]}>
              {channels.data.map((channel) => (
                <Col key={channel.channelId} xs={24} md={12} xl={6}>
                  <Card size="small">
                    <Statistic title={channel.channelName} value={channel.counts.delivered} suffix={`/ ${channel.counts.total}`} />
                    <Typography.Text type="secondary">{t('messagesOnChannel', { count: channel.messages })}</Typography.Text>
                    {channel.counts.total > 0 && <StateCounts counts={channel.counts} />}
                  </Card>
                </Col>
              ))}
            </Row>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChannelTraffic')} />
          )}
        </Card>
        <Card size="small">
          <ServerTable<MessageSummary>
            label={node.title || t('title')}
            queryKey={RECORDS_KEY}
            fetchPage={fetchMessages}
            filters={{ ...filters }}
            columns={columns}
            searchPlaceholder={t('search')}
            emptyText={Object.keys(filters).length > 0 ? t('emptyFiltered') : t('empty')}
            tableProps={{ scroll: { x: 'max-content' } }}
            toolbar={
              <Flex gap={8} wrap>
                <ChannelStateFilters
                  channels={(channels.data ?? []).map(({ channelId, channelName }) => ({ channelId, channelName }))}
                  onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
                />
                <DatePicker.RangePicker
                  aria-label={t('period')}
                  onChange={(range) =>
                    setFilters((current) => ({
                      ...current,
                      from: range?.[0]?.startOf('day').toISOString(),
                      to: range?.[1]?.endOf('day').toISOString(),
                    }))
                  }
                />
              </Flex>
            }
          />
        </Card>
      </Flex>
    </AdminPage>
  );
}
