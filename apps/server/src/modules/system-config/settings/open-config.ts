import { SIGN_IN_OPTIONS, systemNameOf, type ColourScheme, type OpenSystemConfig, type SettingsValues } from '@portal/contracts';

/**
 * The public configuration from the current settings: only what a page shown before sign-in needs.
 * Of the safe section, only the password rules a new-password field hints at; nothing of lockout,
 * expiry, history or second factors, which would tell a guesser how far to go.
 */
export function openConfigOf(
  { base, auth, safe }: SettingsValues,
  schemes: readonly ColourScheme[],
  identityProviders: OpenSystemConfig['identityProviders'] = [],
): OpenSystemConfig {
  const options = auth.signInOptions;
  const on = SIGN_IN_OPTIONS.filter((option) => options[option] && (option !== 'registrationCaptcha' || options.registration));
  return {
    systemName: systemNameOf(base),
    logo: base.logo,
    icon: base.icon,
    defaultLanguage: base.defaultLanguage,
    defaultLayout: base.defaultLayout,
    defaultTheme: base.defaultTheme,
    loginPage: base.loginPage,
    signInOptions: on,
    passwordHint: { minLength: safe.password.minLength, requireClasses: safe.password.requireClasses },
    identityProviders,
    colourSchemas: schemes.map(({ id, name, primary, colours, top }) => ({ id, name, primary, colours, top })),
  };
}
