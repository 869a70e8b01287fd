import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearCookie, readCookie, setCookie } from '../../../platform/cookies.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { ExternalIdentity } from '../../permission/index.ts';
import { externalBindTickets } from '../tables.ts';
import { thirdCookieOptions } from './flow-cookie.ts';
import { inForce } from './single-use.ts';

/** The cookie that carries a bind ticket from the callback to the bind route, in this browser only. */
export const BIND_COOKIE = 'os_third_bind';
export const BIND_TTL_SECONDS = 600;

export type BindTicket = typeof externalBindTickets.$inferSelect;

/**
 * An identity waiting for its owner to sign in with a password once. The ticket lives in an HttpOnly
 * cookie, never in an address: a link planted in someone else's browser carries none, so nobody can
 * bind their provider account to another person's session.
 */
export function createBindTickets(db: Db, publicUrl: string) {
  async function issue(reply: FastifyReply, identity: ExternalIdentity): Promise<void> {
    const ticket = randomToken();
    await db.delete(externalBindTickets).where(lt(externalBindTickets.expiresAt, new Date()));
    await db.insert(externalBindTickets).values({
      ticketHash: sha256(ticket),
      ...identity,
      expiresAt: new Date(Date.now() + BIND_TTL_SECONDS * 1000),
    });
    setCookie(reply, BIND_COOKIE, ticket, { ...thirdCookieOptions(publicUrl), maxAge: BIND_TTL_SECONDS });
  }

  /** The browser's ticket, spent as it is read (and its cookie cleared); undefined when none is in force. */
  async function spend(request: FastifyRequest, reply: FastifyReply): Promise<BindTicket | undefined> {
    const ticket = readCookie(request, BIND_COOKIE);
    clearCookie(reply, BIND_COOKIE, thirdCookieOptions(publicUrl));
    if (!ticket) return undefined;
    return inForce(
      db
        .delete(externalBindTickets)
        .where(eq(externalBindTickets.ticketHash, sha256(ticket)))
        .returning(),
    );
  }

  return { issue, spend };
}

export type BindTickets = ReturnType<typeof createBindTickets>;
