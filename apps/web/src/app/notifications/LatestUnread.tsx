import type { InsideMessage } from '@portal/contracts';
import { Button, Empty, Flex, List, Typography } from 'antd';
import { formatTime } from '../../components/admin/format.ts';
import { useNotificationsT } from './messages.ts';

interface LatestUnreadProps {
  unread: number;
  latest: InsideMessage[];
  onOpen(message: InsideMessage): void;
  onMarkAllRead(): void;
  markingAll: boolean;
  onOpenCentre(): void;
}

/** The bell's popover: the newest unread messages, "mark all read" and the way to the message centre. */
export function LatestUnread({ unread, latest, onOpen, onMarkAllRead, markingAll, onOpenCentre }: LatestUnreadProps) {
  const t = useNotificationsT();
  const more = unread - latest.length;
  return (
    <Flex vertical gap={8} style={{ width: 340, maxWidth: '80vw' }}>
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <List
          size="small"
          aria-label={t('title')}
          dataSource={latest}
          style={{ maxHeight: 360, overflow: 'auto' }}
          renderItem={(message) => (
            <List.Item style={{ paddingInline: 0 }}>
              <Button type="text" block onClick={() => onOpen(message)} style={{ height: 'auto', textAlign: 'start', display: 'block' }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {message.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('from', { source: message.source })} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                </Typography.Text>
              </Button>
            </List.Item>
          )}
        />
      )}
      {more > 0 && <Typography.Text type="secondary">{t('more', { count: more })}</Typography.Text>}
      <Flex justify="space-between" gap={8}>
        <Button size="small" onClick={onMarkAllRead} disabled={unread === 0} loading={markingAll}>
          {t('markAllRead')}
        </Button>
        <Button size="small" type="primary" onClick={onOpenCentre}>
          {t('openCenter')}
        </Button>
      </Flex>
    </Flex>
  );
}
