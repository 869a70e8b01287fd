import { externalSignInEndpoints, ownProfileEndpoints, thirdBindingEndpoints } from '@portal/contracts';
import { call } from '../../../api/call.ts';

export const BINDINGS_KEY = ['permission', 'users', 'self', 'third'] as const;

export const fetchBindings = () => call(ownProfileEndpoints.thirdPartyBindings);

/** Starts linking at the provider: the browser leaves for its sign-in and comes back to /boundAccountResult. */
export async function startLinking(providerId: string): Promise<void> {
  const { url } = await call(externalSignInEndpoints.link, { params: { id: providerId } });
  window.location.assign(url);
}

/** Unlinks the caller's account at a provider; `mfaToken` (purpose "third") when the caller has an authenticator app. */
export const unlinkOwn = (providerId: string, mfaToken?: string) =>
  call(thirdBindingEndpoints.unlinkOwn, { params: { type: providerId }, query: mfaToken ? { mfa_token: mfaToken } : {} });
