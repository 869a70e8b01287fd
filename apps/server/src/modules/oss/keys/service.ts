/** Reading access keys: never their secrets (custody.ts makes and changes them). */
import { type AccessKeyListQuery, type AccessKeyView, type PageOf } from '@portal/contracts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';
import type { OssService } from '../context.ts';
import { ossAccessKeys as keys } from '../tables.ts';

type KeyRow = typeof keys.$inferSelect;

const toView = (row: KeyRow, ownerName: string | null): AccessKeyView => ({
  accessKeyId: row.accessKeyId,
  name: row.name,
  ownerId: row.ownerId,
  ownerName,
  policy: row.policy,
  enabled: row.state === 'enabled',
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function viewsWhere(service: OssService, db: Db, where: SQL | undefined, window?: { size: number; offset: number }) {
  const query = db
    .select({ key: keys, ownerName: service.people.userNameOf(keys.ownerId) })
    .from(keys)
    .where(where)
    .orderBy(desc(keys.createdAt), desc(keys.accessKeyId));
  const rows = window ? await query.limit(window.size).offset(window.offset) : await query;
  return rows.map((row) => toView(row.key, row.ownerName));
}

export async function viewOf(service: OssService, db: Db, accessKeyId: string): Promise<AccessKeyView> {
  const [view] = await viewsWhere(service, db, eq(keys.accessKeyId, accessKeyId));
  if (!view) throw notFound('The access key');
  return view;
}

/** The user's keys, newest first. */
export const ownKeys = (service: OssService, ownerId: string) => viewsWhere(service, service.db, eq(keys.ownerId, ownerId));

/** Every user's keys by page, narrowed to one owner or to names and key ids holding the keyword. */
export async function everyKey(service: OssService, query: AccessKeyListQuery): Promise<PageOf<AccessKeyView>> {
  const window = pageWindow(query);
  const pattern = query.keyword ? containing(query.keyword) : undefined;
  const where = and(
    query.ownerId ? eq(keys.ownerId, query.ownerId) : undefined,
    pattern ? or(ilike(keys.name, pattern), ilike(keys.accessKeyId, pattern)) : undefined,
  );
  const [total] = await service.db.select({ n: count() }).from(keys).where(where);
  return pageOf(await viewsWhere(service, service.db, where, window), total?.n ?? 0, window);
}

/** The key, or 404; with `ownerId`, only when it is that user's (someone else's key is as good as missing). */
export async function findKey(service: OssService, accessKeyId: string, ownerId?: string): Promise<AccessKeyView> {
  const view = await viewOf(service, service.db, accessKeyId);
  if (ownerId !== undefined && view.ownerId !== ownerId) throw notFound('The access key');
  return view;
}
