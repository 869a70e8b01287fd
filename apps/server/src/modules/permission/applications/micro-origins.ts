import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications } from '../tables.ts';
import type { EventBus } from '../../../platform/events.ts';

export const APPLICATIONS_CHANGED_TOPIC = 'applications.changed';

/**
 * A serialised http(s) origin that is safe inside a CSP directive. The URL parser lets some odd
 * characters through in host names (',' for one), which would split or break the header.
 */
const CSP_SAFE_ORIGIN = /^https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** The origin of a MicroWeb application's address, when it is another site than the portal. */
export function foreignOrigin(appUrl: string, publicUrl: string): string | undefined {
  try {
    const origin = new URL(appUrl, publicUrl).origin;
    return origin !== new URL(publicUrl).origin && CSP_SAFE_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origins the shell loads enabled MicroWeb applications' modules (and their menu.json) from:
 * the only scripts besides the portal's own that the Content-Security-Policy admits. Read from the
 * registry once and again after a change (announced on the event bus, so every instance follows).
 */
export function createMicroOrigins(deps: { db: Db; events: EventBus; publicUrl: string }) {
  let current: readonly string[] = [];
  // Bumped by every change; a load that started before a change does not count as fresh.
  let generation = 0;
  let loadedGeneration = -1;
  let loading: Promise<void> | undefined;

  const unsubscribe = deps.events.subscribe(APPLICATIONS_CHANGED_TOPIC, () => void generation++);

  async function load(): Promise<void> {
    const started = generation;
    const rows = await deps.db
      .select({ appUrl: applications.appUrl })
      .from(applications)
      .where(and(eq(applications.type, 'MicroWeb'), eq(applications.state, 'enabled'), isNotNull(applications.appUrl)));
    const origins = new Set(rows.map((row) => foreignOrigin(row.appUrl ?? '', deps.publicUrl)));
    origins.delete(undefined);
    current = [...(origins as Set<string>)].sort();
    loadedGeneration = started;
  }

  return {
    /** The origins as last loaded (call `refresh` first for a fresh answer). */
    list: (): readonly string[] => current,
    isFresh: (): boolean => loadedGeneration === generation,
    /** Loads the origins when a change has come in since the last load; concurrent callers share one query. */
    async refresh(): Promise<void> {
      while (loadedGeneration !== generation) {
        loading ??= load().finally(() => (loading = undefined));
        await loading;
      }
    },
    close: unsubscribe,
  };
}

export type MicroOrigins = ReturnType<typeof createMicroOrigins>;
