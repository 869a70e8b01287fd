import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** Account security (issue 4): the TOTP second factor and the tickets of a sign-in awaiting its code. */
const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A user's authenticator app (one per user). The shared secret is stored encrypted (AES-256-GCM
 * under a key derived from the token signing key, see totp/secret-box.ts). Until `confirmed_at`
 * is set the enrolment is pending and plays no part in sign-in.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: userRef().primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The last time step a code was accepted for: a code of that step or before is a replay. */
  lastUsedStep: integer('last_used_step'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * A password sign-in waiting for its authentication code (POST /oauth/jwt → /oauth/jwt/totp).
 * Only the ticket's hash is kept; it is deleted when used, and dies after a few wrong codes.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: userRef(),
    remember: boolean('remember').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId)],
);
