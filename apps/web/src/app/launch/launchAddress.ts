import type { Application } from '@portal/contracts';
import { applicationToken } from './applicationToken.ts';
import { withToken } from './targets.ts';

/**
 * The address that opens a third-party page: as it is for an application that signs its users in by
 * OpenID Connect (it asks the portal for a code itself), else with a fresh token for it.
 */
export async function launchAddress(app: Pick<Application, 'id' | 'singleSignOn'> & { appUrl: string }): Promise<string> {
  return app.singleSignOn ? app.appUrl : withToken(app.appUrl, await applicationToken(app.id));
}
