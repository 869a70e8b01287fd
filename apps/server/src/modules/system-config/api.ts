import type { RegistrationSettings } from './settings/registration.ts';

/** What system-config offers the other modules: the settings they follow. */
export interface SystemConfigApi {
  /** The self-registration switches (registration route, open checks, the public sign-in configuration). */
  registrationSettings(): Promise<RegistrationSettings>;
}
