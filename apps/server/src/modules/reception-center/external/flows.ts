import { eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { sha256 } from '../../../platform/crypto.ts';
import type { Db } from '../../../platform/db/client.ts';
import { externalSignInFlows } from '../tables.ts';
import { inForce } from './single-use.ts';

/** How long the provider may take to send the browser back. */
export const FLOW_TTL_SECONDS = 600;

export type FlowPurpose = 'sign-in' | 'link';
export type Flow = typeof externalSignInFlows.$inferSelect;

/** What the authorization request carries: the state names the flow; the challenge and nonce bind its answer to it. */
export interface FlowStart {
  state: string;
  nonce: string;
  codeChallenge: string;
}

/**
 * The server-side state of each redirect to a provider: the state (by hash), the PKCE verifier and
 * the nonce. A callback spends its flow whatever happens next, so a state is good once.
 */
export function createFlows(db: Db) {
  async function start(input: { providerId: string; purpose: FlowPurpose; userId?: string; returnTo?: string }): Promise<FlowStart> {
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await db.delete(externalSignInFlows).where(lt(externalSignInFlows.expiresAt, new Date()));
    await db.insert(externalSignInFlows).values({
      stateHash: sha256(state),
      providerId: input.providerId,
      purpose: input.purpose,
      codeVerifier,
      nonce,
      userId: input.userId ?? null,
      returnTo: input.returnTo ?? null,
      expiresAt: new Date(Date.now() + FLOW_TTL_SECONDS * 1000),
    });
    return { state, nonce, codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier) };
  }

  /** The flow this state names, deleted as it is read; undefined when unknown, spent or expired. */
  async function spend(state: string): Promise<Flow | undefined> {
    return inForce(
      db
        .delete(externalSignInFlows)
        .where(eq(externalSignInFlows.stateHash, sha256(state)))
        .returning(),
    );
  }

  return { start, spend };
}

export type Flows = ReturnType<typeof createFlows>;
