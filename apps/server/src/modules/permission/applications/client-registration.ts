import type { ApplicationClientChange, ClientGrantType } from '@portal/contracts';
import { badRequest } from '../../../platform/errors.ts';
import type { ApplicationClientFields } from '../../reception-center/index.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const WEB_GRANTS: readonly ClientGrantType[] = ['authorization_code', 'refresh_token'];

/**
 * An address the portal may send a browser back to, compared whole (no prefixes): absolute http(s)
 * without a fragment (RFC 6749 §3.1.2). Plain http only to the user's own machine, or when the
 * portal itself runs on http, so a code never crosses a network in clear.
 */
function checkUri(field: string, uri: string, httpAllowed: boolean): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw badRequest(`${field}: ${uri} is not an absolute URI`, { field });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(`${field}: only http(s) addresses are allowed`, { field });
  if (uri.includes('#')) throw badRequest(`${field}: a redirect URI must not have a fragment`, { field });
  if (url.protocol === 'http:' && !httpAllowed && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw badRequest(`${field}: http is allowed only for a loopback address; use https`, { field });
  }
}

/**
 * The fields to store for a client of this kind, or a 400 naming the field. A web client signs users
 * in by the code flow (refresh optional); a machine client is confidential, takes no addresses and
 * has the client_credentials grant only. `httpPortal`: the deployment itself is served over http.
 */
export function clientFields(kind: 'web' | 'machine', input: ApplicationClientChange, httpPortal: boolean): ApplicationClientFields {
  const redirectUris = input.redirectUris ?? [];
  const postLogoutRedirectUris = input.postLogoutRedirectUris ?? [];
  if (kind === 'machine') {
    if (redirectUris.length > 0) throw badRequest('redirectUris: a machine client has no redirect URIs', { field: 'redirectUris' });
    if (postLogoutRedirectUris.length > 0) {
      throw badRequest('postLogoutRedirectUris: a machine client has no redirect URIs', { field: 'postLogoutRedirectUris' });
    }
    if (input.confidential === false) throw badRequest('confidential: a machine client is always confidential', { field: 'confidential' });
    const grantTypes = input.grantTypes ?? ['client_credentials'];
    if (grantTypes.some((grant) => grant !== 'client_credentials')) {
      throw badRequest('grantTypes: a machine client has the client_credentials grant only', { field: 'grantTypes' });
    }
    return { confidential: true, redirectUris, postLogoutRedirectUris, grantTypes };
  }
  if (redirectUris.length === 0) throw badRequest('redirectUris: a web client needs at least one redirect URI', { field: 'redirectUris' });
  redirectUris.forEach((uri) => checkUri('redirectUris', uri, httpPortal));
  postLogoutRedirectUris.forEach((uri) => checkUri('postLogoutRedirectUris', uri, httpPortal));
  const grantTypes = input.grantTypes ?? [...WEB_GRANTS];
  if (!grantTypes.includes('authorization_code') || grantTypes.some((grant) => !WEB_GRANTS.includes(grant))) {
    throw badRequest('grantTypes: a web client has authorization_code, and optionally refresh_token', { field: 'grantTypes' });
  }
  return { confidential: input.confidential ?? true, redirectUris, postLogoutRedirectUris, grantTypes };
}
