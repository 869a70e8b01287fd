import { ALWAYS_ALLOWED_SEGMENTS, PUBLIC_PAGES } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { applications, menus } from '../tables.ts';
import { AppError } from '../../../platform/errors.ts';

/**
 * First path segments the portal itself answers: an application named like one of them would be
 * shadowed by the portal's own page (the router matches paths without regard to case).
 */
const RESERVED = new Set([...ALWAYS_ALLOWED_SEGMENTS, ...PUBLIC_PAGES, 'api', 'assets'].map((name) => name.toLowerCase()));

/**
 * Whether an instant is unavailable: another application has it, a menu node already uses it as its
 * resource (the application's root node would collide with it), or the portal reserves it.
 */
export async function isInstantTaken(db: Db, instant: string): Promise<boolean> {
  if (RESERVED.has(instant.toLowerCase())) return true;
  const [app] = await db.select({ id: applications.id }).from(applications).where(eq(applications.instant, instant)).limit(1);
  if (app) return true;
  const [node] = await db.select({ id: menus.id }).from(menus).where(eq(menus.resource, instant)).limit(1);
  return node !== undefined;
}

export const instantTaken = () =>
  new AppError('CONFLICT', 'An application or menu node with this instant already exists', { field: 'instant' });

/** Refuses an instant that is taken, before any write. */
export async function assertInstantFree(db: Db, instant: string): Promise<void> {
  if (await isInstantTaken(db, instant)) throw instantTaken();
}
