import { DEFAULT_SETTINGS, PORTAL_SYSTEM_ID, type SettingsValues } from '@portal/contracts';
import type { TestApp } from '../app.ts';
import { adminHeaders } from './identity.ts';

/** Saves a settings section as the administrator: the defaults with `change` over them. */
export async function putSettings<S extends keyof SettingsValues>(t: TestApp, section: S, change: Partial<SettingsValues[S]>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/system-config/${section}/${PORTAL_SYSTEM_ID}`,
    headers: await adminHeaders(t),
    payload: { ...DEFAULT_SETTINGS[section], ...change },
  });
  if (response.statusCode !== 200) throw new Error(`PUT ${section} settings: ${response.statusCode} ${response.body}`);
}
