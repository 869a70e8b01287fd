import { deleteMessages, INBOX_KEY, markRead } from './insideMessages.ts';
import { useInvalidatingMutation } from '../admin/useCrudMutations.ts';
import { useInboxT } from './messages.ts';

/**
 * Marking read and deleting the caller's messages. Each success reloads everything under the inbox
 * key: lists, source counts, an open message and the header bell.
 */
export function useInboxMutations() {
  const t = useInboxT();
  const read = useInvalidatingMutation((ids: string[] | 'all') => markRead(ids), { invalidate: [INBOX_KEY], success: t('markedRead') });
  const remove = useInvalidatingMutation((ids: string[]) => deleteMessages(ids), { invalidate: [INBOX_KEY], success: t('deleted') });
  return { read, remove };
}
