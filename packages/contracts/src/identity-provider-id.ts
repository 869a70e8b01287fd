import { Type } from 'typebox';

/**
 * An identity provider's key (the `third` settings): in addresses (`/oauth/third/{id}/start`) and as
 * the `type` of a linked account. Its own file: the sign-in calls' chunk of /login needs only this.
 */
export const IdentityProviderId = Type.String({
  pattern: '^[a-z0-9][a-z0-9_-]{0,39}$',
  description: 'Lower-case letters, digits, _ and -',
});
