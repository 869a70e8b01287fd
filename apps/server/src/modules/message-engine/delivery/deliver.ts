import type { NoticeEntry, Recipients } from '@portal/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { insideMessages } from '../tables.ts';
import { draftsOfContent } from './plan.ts';
import { sendMessage, type SendDeps, type Sender, type SendResult } from './send.ts';

export interface InsideMessageInput {
  title: string;
  content: string;
  /** Which module or feature sends it; the inbox filters by it. Default 'system'. */
  source?: string | undefined;
  notice?: NoticeEntry[] | undefined;
  to: Recipients;
  /** The user who sends it, if any (shown as the sender); null or absent for the system. */
  senderId?: string | null | undefined;
}

/** The inbox copy of a message (its recipients are written by insertRecipients). */
export async function insertInsideMessage(
  tx: Db,
  message: { title: string; content: string; source: string; notice: NoticeEntry[]; senderId: string | null; createdAt: Date },
): Promise<string> {
  const [row] = await tx.insert(insideMessages).values(message).returning({ id: insideMessages.id });
  if (!row) throw new Error('inside message insert returned no row');
  return row.id;
}

/** Sends an inside message only (another module's notice): a message on the built-in in-app channel. */
export function sendInsideMessage(
  deps: SendDeps,
  input: InsideMessageInput,
  sender: Omit<Sender, 'userId' | 'source' | 'rate'> = {},
): Promise<SendResult> {
  const body = {
    title: input.title,
    content: input.content,
    source: input.source,
    notice: input.notice,
    to: input.to,
    channelIds: ['inApp'],
  };
  // Another module's notice: the platform's own message, from the source that module names.
  return sendMessage(deps, body, draftsOfContent(body), { userId: input.senderId ?? null, source: input.source ?? 'system', ...sender });
}
