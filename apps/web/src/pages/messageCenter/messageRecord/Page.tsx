import type { ConsolePageProps } from '../../../app/shell/ConsolePage.tsx';
import { MessageDetailView } from './MessageDetailView.tsx';
import { MessageList } from './MessageList.tsx';
import '../../../components/admin/messages.ts';

/** messageCenter:messageRecord: every message sent, and on its detail route who got it on which channel and how each delivery went. */
export function Component({ node, detailId }: ConsolePageProps) {
  return detailId === undefined ? <MessageList node={node} /> : <MessageDetailView node={node} id={detailId} />;
}
