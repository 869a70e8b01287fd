import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import { AppError } from './errors.ts';
import { OutboundError, OutboundRedirectError, type Outbound } from './outbound/guard.ts';

/** How long a provider may take to answer one request (discovery, token exchange, keys), in seconds. */
const TIMEOUT_SECONDS = 5;
/** The most of one provider answer read (a discovery document, a key set, a token response are a few kilobytes). */
const ANSWER_BYTES = 256 * 1024;

/**
 * How the server may reach identity providers. Both rules hold: IDP_ALLOW_HTTP decides the scheme
 * (https, or plain http on loopback or with the switch), the outbound guard the address (public,
 * or allowed by OUTBOUND_ALLOW), for discovery, the token exchange and the key set alike.
 */
export interface ProviderReach {
  allowHttp: boolean;
  outbound: Outbound;
}

/** What an OpenID Connect relying party knows of one provider: where it is and who we are there. */
export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

const refused = (message: string) => new AppError('BAD_REQUEST', message, { field: 'body.issuer' });

const isLoopback = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
};

/**
 * Which provider addresses the server may call: https anywhere, plain http only on this machine
 * (localhost, 127.0.0.0/8, ::1) unless `allowHttp` (IDP_ALLOW_HTTP) says otherwise. Never
 * credentials, a query or a fragment in the address. The same rule holds for every endpoint the
 * discovery document names, so a provider cannot steer the server to plain http elsewhere.
 */
export function assertProviderAddress(raw: string, allowHttp: boolean, what = 'The issuer'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(`${what} is not an absolute address: ${raw}`);
  }
  if (url.username || url.password || url.search || url.hash) throw refused(`${what} must carry no credentials, query or fragment`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && (allowHttp || isLoopback(url.hostname))) return url;
  throw refused(`${what} must use https (plain http only on localhost, or with IDP_ALLOW_HTTP): ${raw}`);
}

/** The endpoints the code flow needs, each under the address rule. */
function assertUsableMetadata(metadata: oidc.ServerMetadata, allowHttp: boolean): void {
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    const value = metadata[name];
    if (typeof value !== 'string') throw refused(`The provider's discovery document names no ${name}`);
    assertProviderAddress(value, allowHttp, `The provider's ${name}`);
  }
  const methods = metadata.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) throw refused('The provider does not support PKCE with S256');
}

/** The guard's own error where openid-client wrapped it ("something went wrong"): it says all that may be said. */
function guardErrorIn(error: unknown): Error | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundError || cause instanceof OutboundRedirectError) return cause;
  }
  return undefined;
}

/**
 * Reads `<issuer>/.well-known/openid-configuration` with openid-client, which also checks that the
 * document names exactly this issuer; answers the client configuration for the code flow, whose
 * every later request (token exchange, key set) goes through the outbound guard as well. Any
 * failure (unreachable, not JSON, another issuer, an unusable endpoint) is a 400 saying which; an
 * address the guard refuses reads like one that does not answer.
 */
export async function discoverProvider(provider: ProviderClient, reach: ProviderReach): Promise<oidc.Configuration> {
  const { allowHttp } = reach;
  const issuer = assertProviderAddress(provider.issuer, allowHttp);
  const auth = provider.clientSecret ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None();
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(issuer, provider.clientId, undefined, auth, {
      timeout: TIMEOUT_SECONDS,
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      [oidc.customFetch]: reach.outbound.fetchFor('identity provider', ANSWER_BYTES),
    });
  } catch (error) {
    const reason = guardErrorIn(error)?.message ?? (error instanceof Error ? error.message : String(error));
    throw refused(
      `The provider's discovery document at ${issuer.href.replace(/\/$/, '')}/.well-known/openid-configuration could not be used: ${reason}`,
    );
  }
  assertUsableMetadata(config.serverMetadata(), allowHttp);
  return config;
}
