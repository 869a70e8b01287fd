import { AppError } from '../../../platform/errors.ts';
import type { UserRow } from '../../permission/index.ts';
import type { ReceptionCenter } from '../context.ts';
import type { SignInTicket } from './tickets.ts';

export const expiredTicket = () =>
  new AppError('TOTP_INVALID', 'The sign-in has expired: enter your username and password again', { field: 'ticket', restart: true });

/** The live ticket of a password sign-in and its user, read fresh (the account may have been disabled a moment ago). */
export async function ticketHolder(rc: ReceptionCenter, presented: string): Promise<{ ticket: SignInTicket; user: UserRow }> {
  const ticket = await rc.tickets.find(presented);
  const user = ticket ? await rc.directory.byIdNow(ticket.userId) : undefined;
  if (!ticket || !user || !user.actived) throw expiredTicket();
  return { ticket, user };
}

/** Counts a wrong code against the ticket: the 400 of the wrong code, or of the ticket once it has had too many. */
export async function wrongCodeOn(rc: ReceptionCenter, ticket: SignInTicket): Promise<AppError> {
  const left = await rc.tickets.recordFailure(ticket.ticketHash);
  return left === 0 ? expiredTicket() : rc.permission.wrongCode();
}
