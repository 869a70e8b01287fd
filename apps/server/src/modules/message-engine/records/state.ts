import type { StateCounts } from '@portal/contracts';
import { sql } from 'drizzle-orm';

/**
 * A receiver's state, read where it lives: its row says it (delivered, skipped, or pending), except
 * that a receiver still pending once its batch's job is parked (after its channel's attempt limit)
 * has failed. Needs `r` (message_receivers) left-joined to `j` (jobs) on the job id.
 */
export const RECEIVER_STATE = sql<string>`case
  when r.state = 'pending' and j.status = 'parked' then 'failed'
  else r.state end`;

export const RECEIVERS_WITH_JOBS = sql`message_receivers r left join jobs j on j.id = r.job_id`;

/** The counts by state of the receivers in scope, as one JSON object per group. */
export const STATE_COUNTS = sql`jsonb_build_object(
  'total', count(*),
  'pending', count(*) filter (where ${RECEIVER_STATE} = 'pending'),
  'delivered', count(*) filter (where ${RECEIVER_STATE} = 'delivered'),
  'failed', count(*) filter (where ${RECEIVER_STATE} = 'failed'),
  'skipped', count(*) filter (where ${RECEIVER_STATE} = 'skipped'))`;

export const NO_RECEIVERS: StateCounts = { total: 0, pending: 0, delivered: 0, failed: 0, skipped: 0 };
