import type { InsideMessage, UnreadSummary } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../store/appStore.ts';
import { fetchUnreadSummary, INBOX_KEYS } from '../../components/inbox/insideMessages.ts';
import { listenToInsideMessages } from './insideMessageStream.ts';
import { withArrival } from './unreadSummary.ts';

/** The name in the store's updateEvents under which the unread count is polled. */
export const UNREAD_UPDATE_EVENT = 'insideMessages';

/**
 * Keeps the store's messageNotification current from two sources: polling GET /unread every
 * updateInterval (paused while the tab is hidden, refreshed when it shows again), and the
 * inside-message stream, which updates it at once and calls `onArrival` for each new message.
 */
export function useUnreadFeed(onArrival: (message: InsideMessage) => void): UnreadSummary {
  const queryClient = useQueryClient();
  const interval = useAppStore((state) => state.updateInterval);
  const polling = useAppStore((state) => state.updateEvents.includes(UNREAD_UPDATE_EVENT));
  const setMessageNotification = useAppStore((state) => state.setMessageNotification);
  const summary = useAppStore((state) => state.messageNotification);
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  }, [onArrival]);

  const { data } = useQuery({
    queryKey: INBOX_KEYS.unread,
    queryFn: fetchUnreadSummary,
    refetchInterval: polling && interval > 0 ? interval : false,
    // TanStack Query skips interval refetches while the document is hidden.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  useEffect(() => {
    if (data) setMessageNotification(data);
  }, [data, setMessageNotification]);

  useEffect(
    () =>
      listenToInsideMessages((event) => {
        queryClient.setQueryData<UnreadSummary>(INBOX_KEYS.unread, (current) => withArrival(current, event));
        void queryClient.invalidateQueries({ queryKey: INBOX_KEYS.lists });
        void queryClient.invalidateQueries({ queryKey: INBOX_KEYS.sources });
        arrival.current(event.message);
      }),
    [queryClient],
  );
  return summary;
}
