import { Type, type Static } from 'typebox';
import { pickProperties } from '../object-parts.ts';
import { ColourScheme } from './colour-schemes.ts';
import { BaseSettings, PasswordPolicy, SIGN_IN_OPTIONS } from './settings.ts';

/**
 * GET /api/system-config/open/agg/system/{id}/config: what the sign-in page and the shell need
 * before anyone signs in. Public, so it holds nothing secret: of the safe section only what a
 * password field's hint needs.
 */

/** An external identity provider offered on the sign-in page. */
export const OpenIdentityProvider = Type.Object({
  id: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 100 }),
  type: Type.String({ maxLength: 32, description: 'e.g. oidc, ldap' }),
  icon: Type.Union([Type.Null(), Type.String({ maxLength: 2048 })]),
});

/** A colour scheme the shell offers: the console's colour schemes (colorConfig), the top one first. */
export const OpenColourSchema = pickProperties(ColourScheme, ['id', 'name', 'primary', 'colours', 'top']);

export const OpenSystemConfig = Type.Object({
  systemName: Type.String({ description: 'The configured name, else the default product name' }),
  logo: BaseSettings.properties.logo,
  icon: BaseSettings.properties.icon,
  defaultLanguage: BaseSettings.properties.defaultLanguage,
  defaultLayout: BaseSettings.properties.defaultLayout,
  defaultTheme: BaseSettings.properties.defaultTheme,
  loginPage: BaseSettings.properties.loginPage,
  signInOptions: Type.Array(Type.Enum([...SIGN_IN_OPTIONS]), {
    uniqueItems: true,
    description: 'The sign-in options that are on (registrationCaptcha only while registration is)',
  }),
  passwordHint: Type.Object(
    { minLength: PasswordPolicy.properties.minLength, requireClasses: PasswordPolicy.properties.requireClasses },
    { description: "What a new password must hold, for the form's hint" },
  ),
  identityProviders: Type.Array(OpenIdentityProvider, {
    description: 'The enabled identity providers of the third settings: their buttons on the sign-in page (nothing secret)',
  }),
  colourSchemas: Type.Array(OpenColourSchema, { description: 'The colour schemes the shell offers, the top (default) one first' }),
});
export type OpenSystemConfig = Static<typeof OpenSystemConfig>;
