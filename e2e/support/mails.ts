import { inject } from 'vitest';
import type { ReceivedMail } from '../../apps/server/test/smtp-peer.ts';

/** The mails the portal under test has sent to an address, oldest first (see smtp-mailbox.ts). */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${inject('mailboxUrl')}/mails?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}
