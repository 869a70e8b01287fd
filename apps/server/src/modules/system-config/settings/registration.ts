import { REGISTRATION_SETTINGS } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { settings } from '../tables.ts';

export interface RegistrationSettings {
  /** Anyone may create an account at /register. */
  enabled: boolean;
  /** Registration then needs a behaviour token (a solved captcha). */
  captchaRequired: boolean;
}

/**
 * The self-registration switches, both read in one query: the registration route and the public
 * sign-in configuration (/oauth/config, on every page's start-up path) ask the same reader, so
 * the page offers registration exactly when the server accepts it. A switch is on only when its
 * value is the JSON `true`; absent means off.
 */
export async function registrationSettings(db: Db): Promise<RegistrationSettings> {
  const keys = [REGISTRATION_SETTINGS.enabled, REGISTRATION_SETTINGS.captchaRequired];
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const on = (key: string) => rows.some((row) => row.key === key && row.value === true);
  return { enabled: on(REGISTRATION_SETTINGS.enabled), captchaRequired: on(REGISTRATION_SETTINGS.captchaRequired) };
}
