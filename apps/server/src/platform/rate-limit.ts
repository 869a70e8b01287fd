import { AppError } from './errors.ts';

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimit {
  /** Requests allowed at once. */
  burst: number;
  /** One more request allowed every this many seconds. */
  refillSeconds: number;
}

/** Beyond this many addresses the table starts again: memory stays bounded under a spray of addresses. */
const MAX_KEYS = 50_000;

/**
 * A token bucket per key (the caller's address) held in this process's memory. It slows down
 * enumeration and spam from one address; it is per instance and forgets on restart, which is
 * enough for that purpose and costs no query.
 */
export function createRateLimiter(limit: RateLimit, what: string) {
  const buckets = new Map<string, Bucket>();

  /** Takes one request from the key's bucket, or throws 429 saying when to come back. */
  return function take(key: string): void {
    const now = Date.now();
    const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
    const refilled = Math.min(limit.burst, bucket.tokens + (now - bucket.at) / (limit.refillSeconds * 1000));
    if (refilled < 1) {
      const retryAfter = Math.ceil((1 - refilled) * limit.refillSeconds);
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many ${what} from this address. Try again in ${retryAfter} second(s).`,
        { retryAfterSeconds: retryAfter },
        { 'retry-after': String(retryAfter) },
      );
    }
    if (!buckets.has(key) && buckets.size >= MAX_KEYS) buckets.clear();
    buckets.set(key, { tokens: refilled - 1, at: now });
  };
}
