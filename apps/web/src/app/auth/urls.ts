import { PUBLIC_PAGES, type OAuthConfig } from '@portal/contracts';
import { parseQuery, withQuery } from '../../api/query.ts';

/** Where the portal lands when no other target is known (spec §2). */
export const DEFAULT_LANDING = '/OSWorkbench';
/** The index route: after a sign-in without a deep link it picks the first landing (spec §4). */
export const FIRST_LANDING = '/';

const PUBLIC: ReadonlySet<string> = new Set<string>(PUBLIC_PAGES);

export const firstSegment = (pathname: string): string => pathname.split('/').find(Boolean) ?? '';

/** Pages that render without a sign-in (spec §2). */
export const isPublicPath = (pathname: string): boolean => PUBLIC.has(firstSegment(pathname));

/** The authorize request of the authorization-code flow with PKCE S256. */
export function authorizeUrl(config: OAuthConfig, request: { state: string; challenge: string }): string {
  return withQuery(
    config.authorizeUrl,
    {
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      scope: 'openid profile',
      state: request.state,
      code_challenge: request.challenge,
      code_challenge_method: 'S256',
    },
    true,
  );
}

export type Callback = { kind: 'code'; code: string; state: string } | { kind: 'error'; error: string; description?: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Reads the authorization response from the address. Sign-in is detected by code and state both
 * being present (spec §5); an OAuth error response carries `error` instead.
 */
export function readCallback(search: string): Callback | null {
  const query = parseQuery(search);
  const code = text(query.code);
  const state = text(query.state);
  if (code && state) return { kind: 'code', code, state };
  const error = text(query.error);
  if (error && state) return { kind: 'error', error, description: text(query.error_description) };
  return null;
}

/** Where relative targets resolve outside a browser (unit tests): any origin of our own serves. */
const FALLBACK_ORIGIN = 'http://portal.invalid';

/**
 * Every redirect target the SPA follows from an address or an answer: a path on this origin, else
 * `fallback`. The target is resolved with the URL parser as the browser will resolve it, and
 * refused when it lands on another origin, which catches what a prefix check misses: tabs and
 * newlines (stripped: '/\t/host' is '//host'), backslashes ('/\\host'), and dot segments
 * ('/.//host', '/..//host', '/%2e//host' resolve to the path '//host'). Leading slashes are
 * collapsed, so the path handed back is never a protocol-relative '//host' itself.
 */
export function safeLocalPath(raw: unknown, fallback = DEFAULT_LANDING, origin = globalThis.location?.origin ?? FALLBACK_ORIGIN): string {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

/**
 * Where to land after signing in: the deep link the user asked for, never the sign-in pages (a
 * loop); without one, the index route, which picks the first landing.
 */
export function signInTarget(raw: unknown): string {
  const path = safeLocalPath(raw, FIRST_LANDING);
  const segment = firstSegment(path.split(/[?#]/)[0] ?? '');
  return segment === 'auth' || segment === 'login' ? FIRST_LANDING : path;
}

/** The browser-level logout call: the server ends the session and sends the user to /login. */
export const logoutLocation = (logoutUrl: string, origin: string): string =>
  withQuery(logoutUrl, { redirect_uri: `${origin}/login` }, true);

/** A return_to the login page may follow itself: only back into our own authorize endpoint. */
export const isAuthorizeReturn = (returnTo: string | null, authorizePath: string): returnTo is string =>
  !!returnTo && returnTo.startsWith(`${authorizePath}?`);
