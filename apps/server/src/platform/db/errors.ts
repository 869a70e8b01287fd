import { AppError } from '../errors.ts';

interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The PostgreSQL error behind a driver or ORM wrapper, if any. */
function pgErrorOf(error: unknown): PgError | undefined {
  for (let current = error as PgError | undefined, depth = 0; current && depth < 5; current = current.cause as PgError, depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
  }
  return undefined;
}

/** Runs a write; a foreign-key violation (a row elsewhere still refers to this one) becomes a 409 with `message`. */
export async function referencedAsConflict<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorOf(error)?.code === '23503') throw new AppError('CONFLICT', message);
    throw error;
  }
}

/**
 * Runs a write; a unique violation becomes a 409 naming the field (from the constraint name, e.g.
 * `groups_code_unique` → `code`), so a duplicate never surfaces as a 500.
 */
export async function uniqueAsConflict<T>(write: () => Promise<T>, what: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code !== '23505') throw error;
    const field = /_([a-z]+)_unique$/.exec(pg.constraint ?? '')?.[1] ?? 'value';
    throw new AppError('CONFLICT', `${what} with this ${field} already exists`, { field });
  }
}
