import type { AuthSettings, BaseSettings, SafeSettings } from '@portal/contracts';
import type { LinkingOptions } from './identity-providers/options.ts';
import type { ProviderForSignIn } from './identity-providers/providers.ts';
import type { RegistrationSettings } from './settings/registration.ts';

/** What system-config offers the other modules: the settings they follow. */
export interface SystemConfigApi {
  /**
   * The current system settings, by section: the one place every module reads them from (token
   * lifetimes, sign-in options, lockout and password rules). Kept per instance and renewed when a
   * new version commits on any instance; the values are frozen, shared by every caller.
   */
  settings: {
    base(): Promise<BaseSettings>;
    auth(): Promise<AuthSettings>;
    safe(): Promise<SafeSettings>;
  };
  /** The self-registration switches (registration route, open checks, the public sign-in configuration). */
  registrationSettings(): Promise<RegistrationSettings>;
  /** The `third` settings: external identity providers and the linking options. */
  identityProviders: {
    /** Every provider's label by id (enabled or not). */
    names(): Promise<ReadonlyMap<string, string>>;
    /** A provider with its client secret opened, for the relying party; undefined when unknown. */
    forSignIn(id: string): Promise<ProviderForSignIn | undefined>;
    /** The linking options, with who vouches for automatic linking. */
    options(): Promise<LinkingOptions>;
  };
}
