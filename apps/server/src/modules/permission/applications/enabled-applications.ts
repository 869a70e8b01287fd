import { eq } from 'drizzle-orm';
import { cachedUntil } from '../../../platform/cached-until.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { applications } from '../tables.ts';
import { APPLICATIONS_CHANGED_TOPIC } from './micro-origins.ts';

/**
 * The ids of the enabled applications, for the OAuth server: it asks at every client lookup and for
 * every access token that speaks for an application, so the answer comes from memory. Loaded once
 * and again after each change to the registry (announced after its commit on the event bus, so every
 * instance follows: a disabled application is refused everywhere once its change is heard).
 */
export function createEnabledApplications(deps: { db: Db; events: EventBus }) {
  const enabled = cachedUntil(deps.events, APPLICATIONS_CHANGED_TOPIC, async () => {
    const rows = await deps.db.select({ id: applications.id }).from(applications).where(eq(applications.state, 'enabled'));
    return new Set(rows.map((row) => row.id));
  });
  return {
    /** Whether the application exists and is enabled now (a deleted one is not). */
    isEnabled: async (applicationId: string): Promise<boolean> => (await enabled.current()).has(applicationId),
    close: enabled.close,
  };
}

export type EnabledApplications = ReturnType<typeof createEnabledApplications>;
