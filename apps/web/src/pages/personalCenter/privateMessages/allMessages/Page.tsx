import type { ConsolePageProps } from '../../../../app/shell/ConsolePage.tsx';
import { PrivateMessages } from '../PrivateMessages.tsx';

/** personalCenter/privateMessages/allMessages: every message of the caller, and each one's detail view. */
export function Component(props: ConsolePageProps) {
  return <PrivateMessages {...props} />;
}
