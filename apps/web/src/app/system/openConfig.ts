import { DEFAULT_PRODUCT_NAME, openConfigEndpoints, PORTAL_SYSTEM_ID, type OpenSystemConfig } from '@portal/contracts';
import { call } from '../../api/call.ts';
import { useAppStore } from '../store/appStore.ts';
import { showIdentity } from './identity.ts';

/** The public configuration (no toast: a page that cannot have it shows the portal's own look). */
export const fetchOpenConfig = (): Promise<OpenSystemConfig> =>
  call(openConfigEndpoints.config, { params: { id: PORTAL_SYSTEM_ID } }, { silent: true });

/** Puts the public configuration in force: the page's title and icon, and the default look where the user chose none. */
export function applyOpenConfig(config: OpenSystemConfig): void {
  useAppStore.getState().setSystemConfig(config);
  showIdentity({ name: config.systemName, icon: config.icon });
}

/** The name to show when the public configuration could not be had: the sign-in configuration's, else the product's. */
export const fallbackName = (signInName: string | undefined): string => signInName || DEFAULT_PRODUCT_NAME;

/**
 * Loads the public configuration again and puts it in force, e.g. after the base settings were
 * saved or restored in the console, so this browser shows the change at once. Should it fail, the
 * browser keeps what it has until its next start.
 */
export const reloadOpenConfig = (): Promise<void> => fetchOpenConfig().then(applyOpenConfig, () => undefined);
