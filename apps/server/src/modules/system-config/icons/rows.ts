import { SYSTEM_CONFIG_PREFIX, type Icon, type PageOf, type PageQuery } from '@portal/contracts';
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { containing, orderOf, pageOf, pageWindow } from '../../../platform/paging.ts';
import { icons } from '../tables.ts';

/**
 * Published after every committed change to the icons (the icon schema follows it). Exported
 * through the module's index.ts.
 */
export const ICONS_CHANGED_TOPIC = 'system-config.icons.changed';

export type IconRow = typeof icons.$inferSelect;

/** The `v` of an icon's address: it changes with the content, so a versioned address may be cached for good. */
export const versionOf = (sha256: string) => sha256.slice(0, 16);

export const iconUrl = (row: Pick<IconRow, 'classification' | 'name' | 'sha256'>) =>
  `${SYSTEM_CONFIG_PREFIX}/open/icons/${row.classification}/${row.name}?v=${versionOf(row.sha256)}`;

export const toIcon = (row: IconRow): Icon => ({
  id: row.id,
  classification: row.classification,
  name: row.name,
  contentType: row.contentType as Icon['contentType'],
  size: row.size,
  sha256: row.sha256,
  url: iconUrl(row),
  createdAt: row.createdAt.toISOString(),
});

/** The classifications with their icon counts. */
export const iconClassifications = (db: Db) =>
  db
    .select({ classification: icons.classification, count: count() })
    .from(icons)
    .groupBy(icons.classification)
    .orderBy(asc(icons.classification));

/** A classification's icons, paged, by keyword (name). */
export async function pageIcons(db: Db, classification: string, query: PageQuery): Promise<PageOf<Icon>> {
  const window = pageWindow(query);
  const where = and(eq(icons.classification, classification), query.keyword ? ilike(icons.name, containing(query.keyword)) : undefined);
  const sortable = { name: icons.name, size: icons.size, createdAt: icons.createdAt };
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(icons)
      .where(where)
      .orderBy(...orderOf(query, sortable, [asc(icons.name)], icons.id))
      .limit(window.size)
      .offset(window.offset),
    db.select({ count: count() }).from(icons).where(where),
  ]);
  return pageOf(rows.map(toIcon), total?.count ?? 0, window);
}

/** One icon by classification and name, or undefined. */
export async function findIcon(db: Db, classification: string, name: string): Promise<IconRow | undefined> {
  const [row] = await db
    .select()
    .from(icons)
    .where(and(eq(icons.classification, classification), eq(icons.name, name)));
  return row;
}
