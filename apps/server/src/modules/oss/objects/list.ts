import type { ListObjectsQuery, ObjectListing, StoredObject } from '@portal/contracts';
import { and, eq, not, sql, type SQL } from 'drizzle-orm';
import type { OssService } from '../context.ts';
import { ossObjects as objects } from '../tables.ts';
import { checkKey } from './keys.ts';
import { byteKey, startingWith, toStoredObject } from './rows.ts';

/** The common prefix a key folds into under `prefix` with `delimiter`, or undefined when it does not fold. */
function commonPrefixOf(key: string, prefix: string, delimiter: string | undefined): string | undefined {
  if (!delimiter || !key.startsWith(prefix)) return undefined;
  const at = key.indexOf(delimiter, prefix.length);
  return at === -1 ? undefined : key.slice(0, at + delimiter.length);
}

/**
 * One page of a bucket's keys under a prefix in byte order, as S3's ListObjectsV2 has it: keys
 * holding the delimiter after the prefix fold into one common prefix each (counted as one entry),
 * and `next` (the last key or prefix listed) continues after it, skipping the rest of that prefix.
 */
export async function listObjects(service: OssService, bucketId: string, query: ListObjectsQuery): Promise<ObjectListing> {
  const prefix = checkKey(query.prefix ?? '', 'prefix', 'prefix');
  const { delimiter } = query;
  const limit = query.limit ?? 100;
  const listed: StoredObject[] = [];
  const prefixes: string[] = [];
  let cursor = query.startAfter ?? '';
  // Continuing after a common prefix skips every key under it.
  let skip = commonPrefixOf(cursor, prefix, delimiter);
  let more = false;
  const entries = () => listed.length + prefixes.length;
  // Each round reads one row past the page, so a full page knows whether more follow.
  scan: for (;;) {
    const conditions: SQL[] = [eq(objects.bucketId, bucketId), sql`${byteKey} > ${cursor}`];
    if (prefix) conditions.push(sql`${byteKey} like ${startingWith(prefix)}`);
    if (skip) conditions.push(not(sql`${byteKey} like ${startingWith(skip)}`));
    const rows = await service.db
      .select()
      .from(objects)
      .where(and(...conditions))
      .orderBy(byteKey)
      .limit(limit - entries() + 1);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (entries() === limit) {
        more = true;
        break scan;
      }
      const common = commonPrefixOf(row.key, prefix, delimiter);
      if (common) {
        prefixes.push(common);
        cursor = common;
        skip = common;
        continue scan;
      }
      listed.push(toStoredObject(row));
      cursor = row.key;
    }
    break;
  }
  return { objects: listed, prefixes, next: more ? cursor : null };
}
