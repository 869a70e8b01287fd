import { DEFAULT_SETTINGS, PORTAL_SYSTEM_ID, REGISTRATION_SETTINGS, type AuthSettings } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { settings, settingVersions } from '../tables.ts';

export interface RegistrationSettings {
  /** Anyone may create an account at /register. */
  enabled: boolean;
  /** Registration then needs a behaviour token (a solved captcha). */
  captchaRequired: boolean;
}

/**
 * The self-registration switches, from the auth settings' sign-in options: the registration route,
 * the open checks and the public sign-in configuration ask the same reader, so the page offers
 * registration exactly when the server accepts it.
 */
export const registrationOf = ({ signInOptions }: Pick<AuthSettings, 'signInOptions'>): RegistrationSettings => ({
  enabled: signInOptions.registration,
  captchaRequired: signInOptions.registrationCaptcha,
});

/**
 * Start-up: moves the registration switches of the old key-value `settings` table (a switch was on
 * only as the JSON `true`) into the first version of the auth settings, saved by no one, and
 * deletes them, so there is one source. Only while the auth settings have no version yet: a
 * database already on versions keeps them, and any switch row left behind is dropped unread.
 */
export async function moveRegistrationSwitches(db: Db): Promise<void> {
  const keys = [REGISTRATION_SETTINGS.enabled, REGISTRATION_SETTINGS.captchaRequired];
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(settings).where(inArray(settings.key, keys)).for('update');
    if (rows.length === 0) return;
    const on = (key: string) => rows.some((row) => row.key === key && row.value === true);
    const ofAuth = and(eq(settingVersions.systemId, PORTAL_SYSTEM_ID), eq(settingVersions.section, 'auth'));
    const [saved] = await tx.select({ version: settingVersions.version }).from(settingVersions).where(ofAuth).limit(1);
    if (!saved) {
      const { auth } = DEFAULT_SETTINGS;
      const signInOptions = {
        ...auth.signInOptions,
        registration: on(REGISTRATION_SETTINGS.enabled),
        registrationCaptcha: on(REGISTRATION_SETTINGS.captchaRequired),
      };
      await tx
        .insert(settingVersions)
        .values({ systemId: PORTAL_SYSTEM_ID, section: 'auth', version: 1, value: { ...auth, signInOptions } });
    }
    await tx.delete(settings).where(inArray(settings.key, keys));
  });
}
