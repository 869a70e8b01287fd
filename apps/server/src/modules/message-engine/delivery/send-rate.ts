import { sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';

/** A sender's allowance over any minute: sends, and receivers those sends reached (config: sendRate). */
export interface SendRate {
  sends: number;
  receivers: number;
}

const WINDOW_MS = 60_000;

/**
 * When the sender may send again, in ms since the epoch: once enough of the window's sends (oldest
 * first) have left it that fewer than the allowed sends, and fewer than the allowed receivers,
 * remain. Undefined when they may send now.
 */
export function nextSendAt(window: readonly { at: number; recipients: number }[], rate: SendRate): number | undefined {
  let sends = window.length;
  let receivers = window.reduce((sum, send) => sum + send.recipients, 0);
  // Ends by the time every send has left: none remain, which any allowance (at least 1) admits.
  for (let left = 0; ; left++) {
    if (sends < rate.sends && receivers < rate.receivers) return left === 0 ? undefined : (window[left - 1]?.at ?? 0) + WINDOW_MS;
    sends -= 1;
    receivers -= window[left]?.recipients ?? 0;
  }
}

/**
 * Refuses a send past the sender's rate with 429 and Retry-After, in the send's transaction. The
 * count is the sender's messages of the last minute in the database, so it holds across instances;
 * a lock per sender for the rest of the transaction makes sends at once count each other. A single
 * send may reach more than the allowance: the next waits until the minute has passed.
 */
export async function assertSendRate(tx: Db, senderId: string, rate: SendRate): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`message-send:${senderId}`}, 0))`);
  const rows = await rawRows<{ at: Date | string; recipients: number }>(
    tx,
    sql`select created_at as at, recipients from messages
      where sender_id = ${senderId}::uuid and created_at > clock_timestamp() - interval '1 minute' order by created_at, id`,
  );
  const window = rows.map((row) => ({ at: new Date(row.at).getTime(), recipients: Number(row.recipients) }));
  const at = nextSendAt(window, rate);
  if (at === undefined) return;
  const retryAfter = Math.max(1, Math.ceil((at - Date.now()) / 1000));
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `Too many messages from this sender: at most ${rate.sends} sends and ${rate.receivers} receivers a minute. Try again in ${retryAfter} second(s).`,
    { retryAfterSeconds: retryAfter, sends: rate.sends, receivers: rate.receivers },
    { 'retry-after': String(retryAfter) },
  );
}
