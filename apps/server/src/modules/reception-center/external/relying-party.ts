import * as oidc from 'openid-client';
import { discoverProvider, type ProviderReach } from '../../../platform/oidc-discovery.ts';
import type { ProviderForSignIn } from '../../system-config/index.ts';
import type { Flow, FlowStart } from './flows.ts';

/** A provider's discovery is reused this long (and dropped as soon as the provider is saved again). */
const DISCOVERY_MS = 5 * 60 * 1000;

/** What a provider vouches for, from its verified ID token. */
export interface VouchedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The portal as an OpenID Connect relying party (openid-client): the authorization address of a
 * flow, and the code exchange whose ID token is checked (signature against the provider's keys,
 * issuer, audience, expiry, nonce) along with the state and the PKCE verifier. Every request to the
 * provider (discovery, token, keys) goes through the outbound guard (`reach`).
 */
export function createRelyingParty(deps: { callbackUrl: string; reach: ProviderReach }) {
  const configurations = new Map<string, { version: number; until: number; config: Promise<oidc.Configuration> }>();

  function configurationOf(provider: ProviderForSignIn): Promise<oidc.Configuration> {
    const version = provider.updatedAt.getTime();
    const hit = configurations.get(provider.id);
    if (hit && hit.version === version && hit.until > Date.now()) return hit.config;
    const config = discoverProvider(provider, deps.reach);
    configurations.set(provider.id, { version, until: Date.now() + DISCOVERY_MS, config });
    // A failed discovery is not remembered: the next sign-in tries again.
    config.catch(() => configurations.delete(provider.id));
    return config;
  }

  async function authorizationUrl(provider: ProviderForSignIn, flow: FlowStart): Promise<string> {
    const config = await configurationOf(provider);
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: deps.callbackUrl,
      scope: provider.scopes.join(' '),
      response_type: 'code',
      code_challenge: flow.codeChallenge,
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    }).href;
  }

  /** Exchanges the callback's code; throws when any check fails. */
  async function identify(provider: ProviderForSignIn, flow: Flow, state: string, callback: URL): Promise<VouchedIdentity> {
    const config = await configurationOf(provider);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      callback,
      { pkceCodeVerifier: flow.codeVerifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: deps.callbackUrl },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider answered without an ID token');
    return {
      subject: claims.sub,
      email: text(claims.email),
      emailVerified: claims.email_verified === true,
      preferredUsername: text(claims.preferred_username),
      name: text(claims.name),
    };
  }

  return { authorizationUrl, identify };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
