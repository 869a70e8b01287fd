import { BellOutlined } from '@ant-design/icons';
import type { InsideMessage } from '@portal/contracts';
import { Badge, Button, Popover, notification } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidatingMutation } from '../../components/admin/useCrudMutations.ts';
import { useAppStore } from '../store/appStore.ts';
import { INBOX_KEY, markRead } from '../../components/inbox/insideMessages.ts';
import { LatestUnread } from './LatestUnread.tsx';
import { useNotificationsT } from './messages.ts';
import { excerpt } from '../../components/inbox/excerpt.ts';
import { messageCentrePath, useOpenMessage } from './useOpenMessage.ts';
import { useUnreadFeed } from './useUnreadFeed.ts';

const TOAST_SECONDS = 8;

/**
 * The header bell: the unread count (polled, and pushed by the stream), a popover with the newest
 * unread messages, and a toast for each message that arrives while the portal is open.
 */
export function NotificationBell() {
  const t = useNotificationsT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Below the header, so toasts never cover the bell or the user's menu.
  const headerHeight = useAppStore((state) => state.layoutConfig.topMenuHeight);
  const [toasts, toastHolder] = notification.useNotification({ placement: 'topRight', top: headerHeight + 8, stack: { threshold: 3 } });
  const openMessage = useOpenMessage();

  const showArrival = useCallback(
    (message: InsideMessage) => {
      const openIt = () => {
        toasts.destroy(message.id);
        void openMessage(message);
      };
      toasts.info({
        key: message.id,
        title: message.title,
        description: excerpt(message.content) || t('from', { source: message.source }),
        duration: TOAST_SECONDS,
        onClick: openIt,
        props: { 'data-testid': 'inside-message-toast', style: { cursor: 'pointer' } },
        actions: (
          <Button
            size="small"
            type="primary"
            onClick={(event) => {
              // The toast's own click would open it a second time.
              event.stopPropagation();
              openIt();
            }}
          >
            {t('open')}
          </Button>
        ),
      });
    },
    [toasts, openMessage, t],
  );
  const { unread, latest } = useUnreadFeed(showArrival);

  const markAll = useInvalidatingMutation(() => markRead('all'), { invalidate: [INBOX_KEY], success: t('allRead') });

  const close = () => setOpen(false);
  return (
    <>
      {toastHolder}
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          // The toasts sit where the list opens, and say nothing the list does not.
          if (next) toasts.destroy();
          setOpen(next);
        }}
        title={t('title')}
        content={
          <LatestUnread
            unread={unread}
            latest={latest}
            markingAll={markAll.isPending}
            onMarkAllRead={() => markAll.mutate()}
            onOpen={(message) => {
              close();
              void openMessage(message);
            }}
            onOpenCentre={() => {
              close();
              void navigate(messageCentrePath());
            }}
          />
        }
      >
        <Button
          type="text"
          data-testid="notification-bell"
          data-unread={unread}
          aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
    </>
  );
}
