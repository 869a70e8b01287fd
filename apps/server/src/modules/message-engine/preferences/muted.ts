import type { MutableChannelType } from '@portal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { messagePreferences as preferences } from '../tables.ts';

/**
 * The users who muted a classification on a channel type, as a subquery selecting `user_id`: a
 * send's receivers are those not in it (`user_id not in (…)`, or recorded as skipped when in it).
 * A message without a classification (null) mutes nobody; in-app is never muted, so it has no type here.
 */
export function mutedUserIds(classificationId: string | SQL | null, channelType: MutableChannelType): SQL {
  if (classificationId === null) return sql`select ${preferences.userId} from ${preferences} where false`;
  return sql`select ${preferences.userId} from ${preferences} where ${preferences.classificationId} = ${classificationId} and ${preferences.channelType} = ${channelType}`;
}
