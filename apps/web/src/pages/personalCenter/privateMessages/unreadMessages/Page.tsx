import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { PrivateMessages } from '../PrivateMessages.tsx';

/** personalCenter/privateMessages/unreadMessages: the unread messages of the caller, and each one's detail view. */
export function Component(props: ConsolePageProps) {
  return <PrivateMessages {...props} state="unread" />;
}
