import { messageEndpoints, type MenuNode, type MessageDetail, type MessageTarget } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Table, Tabs, Tag, Typography } from 'antd';
import { endpointQuery } from '../../../api/endpointQuery.ts';
import { POINTS } from '../../../access/points.ts';
import { useCan } from '../../../access/useCan.ts';
import { DetailPage } from '../../../components/admin/DetailPage.tsx';
import { formatTime } from '../../../components/admin/format.ts';
import { LIVE_REFRESH_MS, RECORDS_KEY } from './api.ts';
import { useMessageRecordT } from './messages.ts';
import { ReceiverTable } from './ReceiverTable.tsx';
import { StateCounts } from './StateCounts.tsx';

/** How one channel's content shows: html in a sandbox that runs nothing, text as it is. */
function ContentBody({ content }: { content: MessageDetail['contents'][number] }) {
  if (content.format === 'html') {
    return (
      <iframe
        title={content.subject}
        sandbox=""
        srcDoc={content.body}
        style={{ width: '100%', minHeight: 240, border: '1px solid #eee' }}
      />
    );
  }
  return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{content.body}</Typography.Paragraph>;
}

/** One message: who sent what, to whom, on which channel, and how every delivery went (refreshing while any is pending). */
export function MessageDetailView({ node, id }: { node: MenuNode; id: string }) {
  const t = useMessageRecordT();
  const canRetry = useCan(POINTS.messageRecord.retry);
  const params = { params: { id } };
  const record = useQuery({
    ...endpointQuery(RECORDS_KEY, messageEndpoints.get, params),
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? LIVE_REFRESH_MS : false),
  });
  const live = (record.data?.counts.pending ?? 0) > 0;
  const byChannel = useQuery({
    ...endpointQuery(RECORDS_KEY, messageEndpoints.receiversByChannel, params),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  const targets = useQuery(endpointQuery(RECORDS_KEY, messageEndpoints.receiversByObjectType, params));
  const channels = (record.data?.contents ?? []).map(({ channelId, channelName }) => ({ channelId, channelName }));

  return (
    <DetailPage
      node={node}
      record={record}
      render={(message) => ({
        title: message.title,
        profileTitle: t('profile'),
        profile: [
          { key: 'sentAt', label: t('sentAt'), children: formatTime(message.createdAt) },
          { key: 'sender', label: t('sender'), children: message.senderName ?? t('system') },
          { key: 'classification', label: t('classification'), children: message.classificationName ?? '' },
          { key: 'source', label: t('source'), children: message.source },
          { key: 'progress', label: t('progress'), children: <StateCounts counts={message.counts} /> },
          ...(Object.keys(message.variables).length > 0
            ? [
                {
                  key: 'variables',
                  label: t('variables'),
                  children: <Typography.Text code>{JSON.stringify(message.variables)}</Typography.Text>,
                },
              ]
            : []),
        ],
        sections: (
          <>
            <Row gutter={[16, 16]}>
              {(byChannel.data ?? []).map((channel) => (
                <Col key={channel.channelId} xs={24} md={12} xl={6}>
                  <Card size="small" title={channel.channelName}>
                    <StateCounts counts={channel.counts} />
                  </Card>
                </Col>
              ))}
            </Row>
            <Card size="small" title={t('contents')}>
              <Tabs
                items={message.contents.map((content) => ({
                  key: content.channelId,
                  label: content.channelName,
                  children: (
                    <>
                      <Typography.Paragraph type="secondary">
                        {content.templateId ? `${t('template')}: ${content.templateId}` : t('rawContent')}
                      </Typography.Paragraph>
                      {content.subject && <Typography.Title level={5}>{content.subject}</Typography.Title>}
                      <ContentBody content={content} />
                    </>
                  ),
                }))}
              />
            </Card>
            <Card size="small" title={t('targets')}>
              {targets.data && targets.data.length > 0 ? (
                <Table<MessageTarget>
                  size="small"
                  rowKey={(target) => `${target.objectType}:${target.objectId}`}
                  pagination={false}
                  dataSource={targets.data}
                  columns={[
                    {
                      title: t('objectType'),
                      dataIndex: 'objectType',
                      render: (type: MessageTarget['objectType']) => <Tag>{t(`targetType_${type}`)}</Tag>,
                    },
                    { title: t('person'), dataIndex: 'name' },
                    { title: t('progress'), dataIndex: 'reached', render: (count: number) => t('reached', { count }) },
                  ]}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              )}
            </Card>
            <Card
              size="small"
              title={t('receivers')}
              extra={live ? <Typography.Text type="secondary">{t('live')}</Typography.Text> : undefined}
            >
              <ReceiverTable messageId={id} channels={channels} canRetry={canRetry} live={live} />
            </Card>
          </>
        ),
      })}
    />
  );
}
