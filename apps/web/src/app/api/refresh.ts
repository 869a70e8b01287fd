import { PORTAL_CLIENT_ID } from '@portal/contracts';
import { refreshFlag, refreshToken, storeTokens } from '../auth/tokens.ts';
import { persistNow, useAppStore } from '../store/appStore.ts';
import { refreshGrant } from './oauth.ts';

const OTHER_TAB_WAIT_MS = 5000;
const POLL_MS = 100;

let inFlight: Promise<boolean> | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits while another tab holds the refresh flag; a flag left by a closed tab expires. */
async function waitForOtherTab(): Promise<void> {
  for (let waited = 0; refreshFlag.isSet() && waited < OTHER_TAB_WAIT_MS; waited += POLL_MS) await sleep(POLL_MS);
}

async function refreshOnce(): Promise<boolean> {
  const before = refreshToken();
  if (refreshFlag.isSet()) {
    await waitForOtherTab();
    // Refresh tokens rotate on use: a new cookie means the other tab's refresh worked for us too.
    const after = refreshToken();
    if (after && after !== before) return true;
  }
  const token = refreshToken();
  if (!token) return false;
  const conf = useAppStore.getState().osConf;
  refreshFlag.set(true);
  try {
    storeTokens(await refreshGrant({ clientId: conf?.clientId ?? PORTAL_CLIENT_ID }, token));
    // The persisted state is sealed with a key from the refresh token: re-seal it under the new one.
    persistNow();
    return true;
  } catch {
    return false;
  } finally {
    refreshFlag.set(false);
  }
}

/**
 * Exchanges the refresh token for a new pair. Single-flight: parallel 401s share one refresh in
 * this tab, and the is_refresh_token flag makes other tabs wait for it.
 */
export function refreshTokens(): Promise<boolean> {
  inFlight ??= refreshOnce().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
