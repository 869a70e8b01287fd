import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { preparedRows } from '../../../platform/db/prepared.ts';

/** A receiver of a batch still waiting for its delivery. */
export interface BatchReceiver {
  /** The receiver row's id (a bigint, as text). */
  id: string;
  userId: string | null;
  name: string;
  address: string | null;
}

/** The receivers of a batch's job not delivered yet (all of them on its first attempt). */
export function pendingReceiversOf(db: Db, jobId: string): Promise<BatchReceiver[]> {
  return preparedRows<BatchReceiver>(
    db,
    sql`select id::text as id, user_id as "userId", user_name as name, address from message_receivers
      where job_id = ${jobId}::uuid and state = 'pending' order by id`,
  );
}
