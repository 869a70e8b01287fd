import type { Bucket, BucketLevel, PageOf } from '@portal/contracts';
import { BUCKET_LEVELS } from '@portal/contracts';
import { asPage, type PageState } from '../../../components/admin/pageQuery.ts';

/** Whether a level includes another (admin includes write, write includes read), as the server ranks them. */
export const atLeast = (held: BucketLevel, needed: BucketLevel): boolean => BUCKET_LEVELS.indexOf(held) >= BUCKET_LEVELS.indexOf(needed);

/** One page of the spaces whose name or owner contains the keyword (any case); the server sends them all at once. */
export function spacesPage(all: readonly Bucket[], query: PageState): PageOf<Bucket> {
  const keyword = query.keyword?.trim().toLowerCase();
  const matching = keyword ? all.filter((space) => `${space.name} ${space.ownerName ?? ''}`.toLowerCase().includes(keyword)) : [...all];
  return asPage(matching, query);
}

export const BYTE_UNITS = ['MiB', 'GiB', 'TiB'] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];
const UNIT_BYTES: Record<ByteUnit, number> = { MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 };

/** A byte limit as an amount of the largest unit that shows it exactly (else MiB, rounded to 3 places). */
export function sizeOf(bytes: number): { amount: number; unit: ByteUnit } {
  const exact = [...BYTE_UNITS].reverse().find((unit) => bytes % UNIT_BYTES[unit] === 0 && bytes >= UNIT_BYTES[unit]);
  const unit = exact ?? 'MiB';
  return { amount: Number((bytes / UNIT_BYTES[unit]).toFixed(3)), unit };
}

/** An amount in a unit as whole bytes. */
export const bytesOf = (amount: number, unit: ByteUnit): number => Math.round(amount * UNIT_BYTES[unit]);

/** How full a space is against one limit, 0–100 (null: no limit). */
export const usagePercent = (used: number, limit: number | null): number | null =>
  limit === null ? null : limit === 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
