import { cachedUntil } from '../../../platform/cached-until.ts';
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
  const tree = cachedUntil(events, ORGANIZATIONS_CHANGED_TOPIC, async () => JSON.stringify(await wholeTree(db)));
  return { json: tree.current, close: tree.close };
}

export type OrgTreeCache = ReturnType<typeof createOrgTreeCache>;
