import {
  ACCESS_KEYS_PER_OWNER,
  ALL_BUCKETS,
  type AccessKeyCreate,
  type AccessKeyListQuery,
  type AccessKeyPolicy,
  type AccessKeyUpdate,
  type AccessKeyView,
  type AccessKeyWithSecret,
  type PageOf,
} from '@portal/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError, badRequest, notFound } from '../../../platform/errors.ts';
import { containing, pageOf, pageWindow } from '../../../platform/paging.ts';
import type { OssService } from '../context.ts';
import { ossAccessKeys as keys, ossBuckets as buckets } from '../tables.ts';
import { newSecret } from './directory.ts';
import { checkPolicy, issueAccessKey } from './issue.ts';

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

async function viewOf(service: OssService, db: Db, accessKeyId: string): Promise<AccessKeyView> {
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

/**
 * The policy as checkPolicy accepts it, naming only buckets that exist (or `*`). A key acts as its
 * owner, so a bucket its owner cannot reach gives the key nothing: it is not refused here.
 */
async function checkedPolicy(db: Db, policy: AccessKeyPolicy): Promise<AccessKeyPolicy> {
  checkPolicy(policy);
  const named = [...new Set(policy.buckets.filter((name) => name !== ALL_BUCKETS))];
  if (named.length === 0) return policy;
  const found = await db.select({ name: buckets.name }).from(buckets).where(inArray(buckets.name, named));
  const missing = named.filter((name) => !found.some((row) => row.name === name));
  if (missing.length > 0) throw badRequest(`No bucket is named ${missing.join(', ')}`, { field: 'policy.buckets', missing });
  return policy;
}

/** Makes a key for the owner (inside the caller's transaction) and answers it with its secret, this once. */
export async function createKey(service: OssService, tx: Db, ownerId: string, input: AccessKeyCreate): Promise<AccessKeyWithSecret> {
  const policy = await checkedPolicy(tx, input.policy);
  const [held] = await tx.select({ n: count() }).from(keys).where(eq(keys.ownerId, ownerId));
  if ((held?.n ?? 0) >= ACCESS_KEYS_PER_OWNER) {
    throw new AppError('CONFLICT', `A user holds at most ${ACCESS_KEYS_PER_OWNER} access keys: delete one first`, {
      limit: ACCESS_KEYS_PER_OWNER,
    });
  }
  const issued = await issueAccessKey(tx, service.keys, { ownerId, name: input.name ?? null, policy });
  return { ...(await viewOf(service, tx, issued.accessKeyId)), secretAccessKey: issued.secretAccessKey };
}

export async function updateKey(service: OssService, tx: Db, accessKeyId: string, input: AccessKeyUpdate): Promise<AccessKeyView> {
  await tx
    .update(keys)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.policy ? { policy: await checkedPolicy(tx, input.policy) } : {}),
      ...(input.enabled !== undefined ? { state: input.enabled ? 'enabled' : 'disabled' } : {}),
      updatedAt: new Date(),
    })
    .where(eq(keys.accessKeyId, accessKeyId));
  return viewOf(service, tx, accessKeyId);
}

/** A new secret for the key, answered this once; the old one stops signing (within the directory's cache time on other instances). */
export async function rotateKey(service: OssService, tx: Db, accessKeyId: string): Promise<AccessKeyWithSecret> {
  const secretAccessKey = newSecret();
  await tx
    .update(keys)
    .set({ secretSealed: service.keys.seal(accessKeyId, secretAccessKey), updatedAt: new Date() })
    .where(eq(keys.accessKeyId, accessKeyId));
  return { ...(await viewOf(service, tx, accessKeyId)), secretAccessKey };
}

export async function removeKey(tx: Db, accessKeyId: string): Promise<void> {
  await tx.delete(keys).where(eq(keys.accessKeyId, accessKeyId));
}
