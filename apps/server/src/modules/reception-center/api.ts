import type { AccountSession } from '@portal/contracts';
import type { Principal } from '../../platform/access.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AppError } from '../../platform/errors.ts';
import type { AccessTokens } from './tokens/access-tokens.ts';
import type { ApplicationClients } from './oauth/application-clients.ts';
import type { Captchas } from './sign-in/captcha.ts';
import type { FailureCounter } from './sign-in/failures.ts';
import type { RevokedSession } from './sessions/revoke.ts';
import type { RevokedSessions } from './sessions/revoke-user-sessions.ts';
import type { SecretBox } from './tokens/secret-box.ts';
import type { SigningKey } from './tokens/signing-key.ts';

/** Sign-in sessions and their refresh-token chains, ended inside the caller's transaction. */
export interface SignInSessionsApi {
  /** Every session and chain of a user; answers the families whose access tokens must be refused after commit. */
  revokeAll(tx: Db, userId: string): Promise<string[]>;
  /** Every session of a user but `keepSessionId` (the one making the change). */
  revokeAllBut(tx: Db, userId: string, keepSessionId?: string): Promise<RevokedSessions>;
  /** One session (of `userId`, when given). */
  revokeOne(tx: Db, target: { sessionId: string; userId?: string }): Promise<RevokedSession>;
  /** A user's sessions in force, newest first. */
  listOwn(db: Db, userId: string, currentSessionId: string): Promise<AccountSession[]>;
}

/** What the reception-center offers the other modules: tokens, sessions, captchas and the sign-in failure counter. */
export interface ReceptionCenterApi {
  /** The OpenID issuer (`PUBLIC_URL` + prefix). */
  issuer: string;
  /** Verifies a bearer access token (the access guard, the event stream); null when not valid. */
  authenticate(token: string): Promise<Principal | null>;
  /** Tells every instance to refuse the access tokens of these refresh-token families (after the commit). */
  revokeFamilies(familyIds: string[]): Promise<void>;
  accessTokens: AccessTokens;
  /** The portal's signing key (application tokens, and the key secrets at rest are sealed under). */
  key: SigningKey;
  /** Seals secrets at rest (TOTP seeds) with AES-256-GCM under a key derived from the signing key. */
  secretBox: SecretBox;
  sessions: SignInSessionsApi;
  captchas: Captchas;
  failures: FailureCounter;
  /** Forgets the failures that locked an account, inside the caller's transaction. */
  clearFailures(tx: Db, username: string): Promise<{ count: number; lockedUntil: Date | null } | undefined>;
  /** Applications' OAuth clients (web and machine), written inside the caller's transaction. */
  applicationClients: ApplicationClients;
  /** The 429 of a locked account or address. */
  lockedError(seconds: number, failed?: string): AppError;
}
