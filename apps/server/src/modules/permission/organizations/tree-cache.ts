import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { wholeTree } from './queries.ts';

export const ORGANIZATIONS_CHANGED_TOPIC = 'organizations.changed';

/**
 * GET /v1/org/tree/whole, built and serialised once and kept until an organisation changes on any
 * instance: with 10,000 organisations the answer is megabytes that every console page asks for,
 * while the tree changes rarely.
 */
export function createOrgTreeCache(db: Db, events: EventBus) {
  let cached: Promise<string> | undefined;
  const forget = () => {
    cached = undefined;
  };
  const unsubscribe = events.subscribe(ORGANIZATIONS_CHANGED_TOPIC, forget);

  function json(): Promise<string> {
    if (!cached) {
      const building = wholeTree(db).then((tree) => JSON.stringify(tree));
      // A failed build is not remembered: the next request tries again.
      building.catch(() => cached === building && forget());
      cached = building;
    }
    return cached;
  }

  return { json, close: unsubscribe };
}

export type OrgTreeCache = ReturnType<typeof createOrgTreeCache>;
