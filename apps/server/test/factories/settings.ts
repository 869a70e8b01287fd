import {
  DEFAULT_SETTINGS,
  PORTAL_SYSTEM_ID,
  type AuthSettings,
  type BaseSettings,
  type PasswordPolicy,
  type SafeSettings,
  type SignInOptions,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { SETTINGS_CHANGED_TOPIC, saveSection } from '../../src/modules/system-config/settings/store.ts';
import { settingVersions } from '../tables.ts';
import type { TestApp } from '../app.ts';

/**
 * Changing the system settings in tests: a new version saved as the system (as an administrator's PUT
 * does, with its audit entry), in force on the next request through the settings-changed event.
 */
const SYSTEM = { actorId: null, ip: '127.0.0.1', requestId: 'test' };

/** Saves the base settings with these fields changed from the current ones. */
export async function setBase(t: TestApp, change: Partial<BaseSettings>): Promise<void> {
  const base = await t.app.modules.systemConfig.settings.base();
  await saveSection(t.database.db, SYSTEM, 'base', { ...base, ...change });
}

/** Saves the auth settings with these fields changed from the current ones. */
export async function setAuth(t: TestApp, change: Partial<AuthSettings>): Promise<void> {
  const auth = await t.app.modules.systemConfig.settings.auth();
  await saveSection(t.database.db, SYSTEM, 'auth', { ...auth, ...change });
}

/** Saves the auth settings with these sign-in options changed. */
export async function setSignInOptions(t: TestApp, options: Partial<SignInOptions>): Promise<void> {
  const { signInOptions } = await t.app.modules.systemConfig.settings.auth();
  await setAuth(t, { signInOptions: { ...signInOptions, ...options } });
}

/** Saves the safe settings with these fields (and password rules) changed from the current ones. */
export async function setSafe(t: TestApp, change: Partial<Omit<SafeSettings, 'password'>> & { password?: Partial<PasswordPolicy> }) {
  const safe = await t.app.modules.systemConfig.settings.safe();
  await saveSection(t.database.db, SYSTEM, 'safe', { ...safe, ...change, password: { ...safe.password, ...change.password } });
}

/**
 * Stores auth settings the rules refuse (SMS codes on without a started SMS channel), as a version
 * written by an earlier or later release would be: what the server enforces must not depend on the
 * rules having been met.
 */
export async function storeAuthUnchecked(t: TestApp, signInOptions: Partial<SignInOptions>): Promise<void> {
  const auth = await t.app.modules.systemConfig.settings.auth();
  const value = { ...auth, signInOptions: { ...auth.signInOptions, ...signInOptions } };
  await t.database.db.insert(settingVersions).values({
    systemId: PORTAL_SYSTEM_ID,
    section: 'auth',
    version: sql`(select coalesce(max(version), 0) + 1 from setting_versions where system_id = ${PORTAL_SYSTEM_ID} and section = 'auth')`,
    value,
    changedBy: null,
    restoredFrom: null,
  });
  await t.events.publish(SETTINGS_CHANGED_TOPIC, 'auth');
}

/** Back to the defaults (after each test of a file sharing one app). */
export async function restoreDefaultSettings(t: TestApp): Promise<void> {
  await saveSection(t.database.db, SYSTEM, 'base', DEFAULT_SETTINGS.base);
  await saveSection(t.database.db, SYSTEM, 'auth', DEFAULT_SETTINGS.auth);
  await saveSection(t.database.db, SYSTEM, 'safe', DEFAULT_SETTINGS.safe);
}
