import { Type, type Static } from 'typebox';
import { endpoint, errorResponses } from '../endpoint.ts';
import { SYSTEM_CONFIG_PREFIX } from './prefix.ts';
import { SchemeColours } from './scheme-colours.ts';
import { BASE_PROPERTIES, PASSWORD_HINT_PROPERTIES, SIGN_IN_OPTIONS, SystemIdParams } from './settings-parts.ts';

/**
 * GET /api/system-config/open/agg/system/{id}/config: what the sign-in page and the shell need
 * before anyone signs in. Public, so it holds nothing secret: of the safe section only what a
 * password field's hint needs. This file is read by /login, which has a size budget: it imports
 * only the light parts of the settings (settings-parts.ts), never the sections or their endpoints.
 */

/** An external identity provider offered on the sign-in page. */
export const OpenIdentityProvider = Type.Object({
  id: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 100 }),
  type: Type.String({ maxLength: 32, description: 'e.g. oidc, ldap' }),
  icon: Type.Union([Type.Null(), Type.String({ maxLength: 2048 })]),
});
export type OpenIdentityProvider = Static<typeof OpenIdentityProvider>;

/** A colour scheme the shell offers: of the console's colour schemes (colorConfig), what the shell applies. */
export const OpenColourSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  primary: Type.String(),
  colours: SchemeColours,
  top: Type.Boolean(),
});

export const OpenSystemConfig = Type.Object({
  systemName: Type.String({ description: 'The configured name, else the default product name' }),
  logo: BASE_PROPERTIES.logo,
  icon: BASE_PROPERTIES.icon,
  defaultLanguage: BASE_PROPERTIES.defaultLanguage,
  defaultLayout: BASE_PROPERTIES.defaultLayout,
  defaultTheme: BASE_PROPERTIES.defaultTheme,
  loginPage: BASE_PROPERTIES.loginPage,
  signInOptions: Type.Array(Type.Enum([...SIGN_IN_OPTIONS]), {
    uniqueItems: true,
    description: 'The sign-in options that are on (registrationCaptcha only while registration is)',
  }),
  passwordHint: Type.Object(PASSWORD_HINT_PROPERTIES, { description: "What a new password must hold, for the form's hint" }),
  identityProviders: Type.Array(OpenIdentityProvider, {
    description: 'The enabled identity providers of the third settings: their buttons on the sign-in page (nothing secret)',
  }),
  colourSchemas: Type.Array(OpenColourSchema, { description: 'The colour schemes the shell offers, the top (default) one first' }),
});
export type OpenSystemConfig = Static<typeof OpenSystemConfig>;

/** Before sign-in: the sign-in page's and the shell's configuration. */
export const openConfigEndpoints = {
  config: endpoint({
    access: 'open',
    tags: ['system settings'],
    method: 'GET',
    path: `${SYSTEM_CONFIG_PREFIX}/open/agg/system/{id}/config`,
    summary: 'What the sign-in page and the shell need before sign-in (public; revalidate with If-None-Match)',
    params: SystemIdParams,
    responses: { 200: OpenSystemConfig, 304: Type.Null(), ...errorResponses(404) },
  }),
};
