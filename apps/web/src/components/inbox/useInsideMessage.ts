import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useEffect, useRef } from 'react';
import { fetchMessage, INBOX_KEY, INBOX_KEYS, markRead } from './insideMessages.ts';

/**
 * One of the caller's messages. Opening an unread message marks it read (once per message), which
 * reloads the lists and the bell. `missing` tells a deleted or foreign message (404) from a failure.
 */
export function useInsideMessage(id: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: INBOX_KEYS.message(id), queryFn: () => fetchMessage(id) });
  const marked = useRef<string | null>(null);
  const message = query.data;

  useEffect(() => {
    if (message?.state !== 'unread' || marked.current === message.id) return;
    marked.current = message.id;
    markRead([message.id])
      .then(() => queryClient.invalidateQueries({ queryKey: INBOX_KEY }))
      .catch(() => {
        // The HTTP client toasted it; opening the message again retries.
        marked.current = null;
      });
  }, [message, queryClient]);

  const status = isAxiosError(query.error) ? query.error.response?.status : undefined;
  return { ...query, missing: status === 404 || status === 400 };
}
