import { eq } from 'drizzle-orm';
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
  let enabled = new Set<string>();
  // Bumped by every change; a load that started before a change does not count as fresh.
  let generation = 0;
  let loadedGeneration = -1;
  let loading: Promise<void> | undefined;

  const unsubscribe = deps.events.subscribe(APPLICATIONS_CHANGED_TOPIC, () => void generation++);

  async function load(): Promise<void> {
    const started = generation;
    const rows = await deps.db.select({ id: applications.id }).from(applications).where(eq(applications.state, 'enabled'));
    enabled = new Set(rows.map((row) => row.id));
    loadedGeneration = started;
  }

  return {
    /** Whether the application exists and is enabled now (a deleted one is not). */
    async isEnabled(applicationId: string): Promise<boolean> {
      while (loadedGeneration !== generation) {
        loading ??= load().finally(() => (loading = undefined));
        await loading;
      }
      return enabled.has(applicationId);
    },
    close: unsubscribe,
  };
}

export type EnabledApplications = ReturnType<typeof createEnabledApplications>;
