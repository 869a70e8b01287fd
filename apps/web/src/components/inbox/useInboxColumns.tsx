import type { InsideMessage } from '@portal/contracts';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { excerpt } from './excerpt.ts';
import { formatTime } from '../admin/format.ts';
import { DeleteMessageButton } from './DeleteMessageButton.tsx';
import { useInboxT } from './messages.ts';
import { SourceTag, StateTag } from './SourceTag.tsx';
import type { useInboxMutations } from './useInboxMutations.ts';

/** Columns of an inbox table: the title opens the message; row actions mark it read or delete it. */
export function useInboxColumns(
  onOpen: (message: InsideMessage) => void,
  { read, remove }: ReturnType<typeof useInboxMutations>,
): TableColumnsType<InsideMessage> {
  const t = useInboxT();
  return [
    {
      title: t('title'),
      key: 'title',
      render: (_, message) => (
        <Flex vertical style={{ minWidth: 200 }}>
          <Button
            type="link"
            size="small"
            onClick={() => onOpen(message)}
            style={{ padding: 0, height: 'auto', justifyContent: 'flex-start', maxWidth: 420 }}
          >
            <Typography.Text strong={message.state === 'unread'} ellipsis style={{ maxWidth: 420, color: 'inherit' }}>
              {message.title}
            </Typography.Text>
          </Button>
          {message.content && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420, fontSize: 12 }}>
              {excerpt(message.content, 100)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('source'), dataIndex: 'source', render: (source: string) => <SourceTag source={source} /> },
    { title: t('sender'), dataIndex: 'senderName', render: (name: string | null) => name ?? t('system') },
    {
      title: t('receivedAt'),
      dataIndex: 'createdAt',
      render: (at: string) => <time dateTime={at}>{formatTime(at)}</time>,
    },
    { title: t('state'), dataIndex: 'state', render: (state: InsideMessage['state']) => <StateTag state={state} /> },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, message) => (
        <Flex gap={4}>
          {message.state === 'unread' && (
            <Button type="link" size="small" onClick={() => read.mutate([message.id])}>
              {t('markRead')}
            </Button>
          )}
          <DeleteMessageButton message={message} onDelete={() => remove.mutateAsync([message.id])} />
        </Flex>
      ),
    },
  ];
}
