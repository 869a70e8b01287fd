import { Type, type Static } from 'typebox';
import { endpoint } from '../endpoint.ts';
import { RECEPTION_CENTER_PREFIX } from './prefix.ts';

/**
 * What the sign-in page needs of the external identity providers before anyone signs in: their
 * buttons, and the names of the parameters the sign-in flows put on /login. Its own file, small:
 * it loads with /login (the flows themselves are in external-sign-in.ts).
 */

/** A button of the sign-in page: the provider's id, label and icon (nothing secret). */
export const IdentityProviderButton = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.Union([Type.Null(), Type.String()]),
});
export type IdentityProviderButton = Static<typeof IdentityProviderButton>;

/** The login page's parameters set by these routes: the bind state, a TOTP ticket, an error. */
export const EXTERNAL_SIGN_IN_QUERY = { bind: 'bind', totpTicket: 'totp_ticket', error: 'third_error' } as const;

export const identityProviderButtonEndpoints = {
  providers: endpoint({
    access: 'open',
    tags: ['external sign-in'],
    method: 'GET',
    path: `${RECEPTION_CENTER_PREFIX}/oauth/third/providers`,
    summary: "The enabled identity providers' buttons for the sign-in page (as in the public configuration)",
    responses: { 200: Type.Array(IdentityProviderButton) },
  }),
};
