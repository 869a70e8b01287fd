import type { InsideMessage } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { INBOX_KEY, markRead } from '../../components/inbox/insideMessages.ts';
import { hasNoticeTarget, useOpenNotice } from './useOpenNotice.ts';

/** The message centre with one message open. */
export const messageCentrePath = (id?: string): string => (id ? `/msgCenter?message=${encodeURIComponent(id)}` : '/msgCenter');

/**
 * Opening a message from the bell or a toast: it counts as read, then its notice target opens
 * (spec §4); a message without one opens in the message centre instead.
 */
export function useOpenMessage(): (message: InsideMessage) => Promise<void> {
  const openNotice = useOpenNotice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (message) => {
      if (message.state === 'unread') {
        void markRead([message.id])
          .then(() => queryClient.invalidateQueries({ queryKey: INBOX_KEY }))
          .catch(() => undefined);
      }
      if (hasNoticeTarget(message.notice)) await openNotice(message.notice);
      else await navigate(messageCentrePath(message.id));
    },
    [openNotice, navigate, queryClient],
  );
}
