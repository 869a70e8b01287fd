import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { oauthConsentTickets } from '../tables.ts';

const TICKET_TTL_MS = 10 * 60_000;

/** An authorize request as authorize checked it, waiting for the user's answer on the consent page. */
export interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  state: string | null;
  nonce: string | null;
}

export type ConsentTicketRow = typeof oauthConsentTickets.$inferSelect;

/**
 * The consent page's tickets. The page's address carries only the ticket (256 random bits; its hash
 * is kept), never the request itself, so nothing of what the user is asked can be altered on the
 * way; every read and the one spending answer are bound to the sign-in session that asked.
 */
export const consentTickets = {
  /** Stores the request for this session and answers its ticket; tickets past their time go at the same moment. */
  async issue(db: Db, sessionId: string, pending: PendingAuthorization): Promise<string> {
    const ticket = randomToken(32);
    await db.delete(oauthConsentTickets).where(lt(oauthConsentTickets.expiresAt, new Date()));
    await db.insert(oauthConsentTickets).values({
      ticketHash: sha256(ticket),
      sessionId,
      ...pending,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS),
    });
    return ticket;
  },

  /** The waiting request, if this session's ticket is still in time; another session's is as unknown as a forged one. */
  async read(db: Db, sessionId: string, ticket: string): Promise<ConsentTicketRow | undefined> {
    const [row] = await db.select().from(oauthConsentTickets).where(this.matches(sessionId, ticket));
    return row;
  },

  /**
   * Spends the ticket: one statement deletes and answers it, so of two answers at once only one gets
   * the request. A ticket shown from another session is left as it was (that session cannot even spend it).
   */
  async spend(db: Db, sessionId: string, ticket: string): Promise<ConsentTicketRow | undefined> {
    const [row] = await db.delete(oauthConsentTickets).where(this.matches(sessionId, ticket)).returning();
    return row;
  },

  matches: (sessionId: string, ticket: string) =>
    and(
      eq(oauthConsentTickets.ticketHash, sha256(ticket)),
      eq(oauthConsentTickets.sessionId, sessionId),
      gt(oauthConsentTickets.expiresAt, new Date()),
    ),
};
