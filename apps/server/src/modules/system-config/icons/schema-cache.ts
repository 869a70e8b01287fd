import type { IconSchema } from '@portal/contracts';
import { asc } from 'drizzle-orm';
import { cachedUntil } from '../../../platform/cached-until.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { EventBus } from '../../../platform/events.ts';
import { icons } from '../tables.ts';
import { ICONS_CHANGED_TOPIC, iconUrl } from './rows.ts';

async function build(db: Db): Promise<IconSchema> {
  const rows = await db
    .select({ classification: icons.classification, name: icons.name, contentType: icons.contentType, sha256: icons.sha256 })
    .from(icons)
    .orderBy(asc(icons.classification), asc(icons.name));
  const byClassification = new Map<string, IconSchema['classifications'][number]>();
  for (const row of rows) {
    const entry = byClassification.get(row.classification) ?? { classification: row.classification, icons: [] };
    entry.icons.push({ name: row.name, contentType: row.contentType, url: iconUrl(row) });
    byClassification.set(row.classification, entry);
  }
  return { classifications: [...byClassification.values()] };
}

/**
 * GET /open/system/icon-schema, built once and kept until the icons change on any instance (the
 * change publishes ICONS_CHANGED_TOPIC after its commit): every shell asks for it before sign-in.
 */
export const createIconSchemaCache = (db: Db, events: EventBus) => cachedUntil(events, ICONS_CHANGED_TOPIC, () => build(db));

export type IconSchemaCache = ReturnType<typeof createIconSchemaCache>;
