import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { signInTickets } from '../tables.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';

export const TICKET_TTL_SECONDS = 300;
/** Wrong codes one ticket survives; then the password has to be entered again. */
export const TICKET_MAX_FAILURES = 5;

export type SignInTicket = typeof signInTickets.$inferSelect;

/**
 * Tickets of password sign-ins waiting for their authentication code: short-lived, bound to the
 * user, stored only as their hash, deleted by the sign-in they complete.
 */
export function createSignInTickets(db: Db) {
  async function issue(input: { userId: string; remember: boolean }): Promise<{ ticket: string; expiresIn: number }> {
    const ticket = randomToken();
    await db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date()));
    await db.insert(signInTickets).values({
      ticketHash: sha256(ticket),
      userId: input.userId,
      remember: input.remember,
      expiresAt: new Date(Date.now() + TICKET_TTL_SECONDS * 1000),
    });
    return { ticket, expiresIn: TICKET_TTL_SECONDS };
  }

  async function find(ticket: string): Promise<SignInTicket | undefined> {
    const [row] = await db
      .select()
      .from(signInTickets)
      .where(and(eq(signInTickets.ticketHash, sha256(ticket)), gt(signInTickets.expiresAt, new Date())))
      .limit(1);
    return row;
  }

  /** Counts a wrong code; the ticket is gone once it has had too many. Returns the attempts left. */
  async function recordFailure(ticketHash: string): Promise<number> {
    const [row] = await db
      .update(signInTickets)
      .set({ failedAttempts: sql`${signInTickets.failedAttempts} + 1` })
      .where(eq(signInTickets.ticketHash, ticketHash))
      .returning({ failedAttempts: signInTickets.failedAttempts });
    const left = Math.max(0, TICKET_MAX_FAILURES - (row?.failedAttempts ?? TICKET_MAX_FAILURES));
    if (left === 0) await db.delete(signInTickets).where(eq(signInTickets.ticketHash, ticketHash));
    return left;
  }

  /** Spends the ticket; false when another request spent it first. */
  async function consume(ticketHash: string): Promise<boolean> {
    const deleted = await db.delete(signInTickets).where(eq(signInTickets.ticketHash, ticketHash)).returning();
    return deleted.length > 0;
  }

  return { issue, find, recordFailure, consume };
}

export type SignInTickets = ReturnType<typeof createSignInTickets>;
