import { randomBytes } from 'node:crypto';
import type { AccessKeyPolicy } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { SecretBox } from '../../reception-center/index.ts';
import { ossAccessKeys as keys } from '../tables.ts';

/** An access key as the S3 API checks a request: its secret opened, its owner and policy. */
export interface ResolvedAccessKey {
  accessKeyId: string;
  secret: string;
  ownerId: string;
  policy: AccessKeyPolicy;
  enabled: boolean;
}

/** How long a looked-up key is trusted before it is read again: a change made on another instance takes this long to reach this one. */
export const KEY_CACHE_MS = 5_000;
/** lastUsedAt is written at most this often per key. */
const LAST_USED_WRITE_MS = 60_000;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 20 characters like AWS's key ids: a fixed `PK` and 18 random base32 characters. */
export function newAccessKeyId(): string {
  return `PK${[...randomBytes(18)].map((byte) => ID_ALPHABET[byte % 32]).join('')}`;
}

/** 40 characters of base64url (240 random bits). */
export const newSecret = () => randomBytes(30).toString('base64url');

export type KeyDirectory = ReturnType<typeof createKeyDirectory>;

/**
 * The access keys' secrets, sealed in the database (SigV4 needs the secret itself, so a hash cannot
 * do) and bound to the key id: a sealed secret copied onto another key's row does not open.
 */
export function createKeyDirectory(db: Db, box: SecretBox, now: () => number = Date.now) {
  const cache = new Map<string, { key: ResolvedAccessKey | undefined; at: number }>();
  const lastWrites = new Map<string, number>();

  async function read(accessKeyId: string): Promise<ResolvedAccessKey | undefined> {
    const [row] = await db.select().from(keys).where(eq(keys.accessKeyId, accessKeyId));
    if (!row) return undefined;
    return {
      accessKeyId,
      secret: box.open(row.secretSealed, accessKeyId).toString('utf8'),
      ownerId: row.ownerId,
      policy: row.policy,
      enabled: row.state === 'enabled',
    };
  }

  return {
    seal: (accessKeyId: string, secret: string) => box.seal(Buffer.from(secret, 'utf8'), accessKeyId),

    /** The key (enabled or not), or undefined when there is none; at most KEY_CACHE_MS old. */
    async find(accessKeyId: string): Promise<ResolvedAccessKey | undefined> {
      const cached = cache.get(accessKeyId);
      if (cached && now() - cached.at < KEY_CACHE_MS) return cached.key;
      const key = await read(accessKeyId);
      cache.set(accessKeyId, { key, at: now() });
      return key;
    },

    /** Drops what this instance remembers of the key: call after changing or deleting it. */
    forget(accessKeyId: string) {
      cache.delete(accessKeyId);
    },

    /** Records that the key signed a request (at most once a minute per key). */
    async noteUse(accessKeyId: string): Promise<void> {
      const last = lastWrites.get(accessKeyId);
      if (last !== undefined && now() - last < LAST_USED_WRITE_MS) return;
      lastWrites.set(accessKeyId, now());
      await db
        .update(keys)
        .set({ lastUsedAt: new Date(now()) })
        .where(eq(keys.accessKeyId, accessKeyId));
    },
  };
}
