import type { SafeSettings } from '@portal/contracts';
import type { PermissionDecider } from '../../../access/decider.ts';

/**
 * Whether the safe settings' `mfaRequired` asks a user for an authenticator app: everyone, nobody,
 * or the administrators, who are those holding every resource or any node of the console's
 * administration sections (ADMINISTRATION_SECTIONS: system management, object storage, applications,
 * the message centre), as the permission decisions have them now.
 */
export function createMfaRequirement(decider: Pick<PermissionDecider, 'isAdministrator'>, safe: () => Promise<SafeSettings>) {
  return async function mfaRequiredFor(userId: string): Promise<boolean> {
    const { mfaRequired } = await safe();
    if (mfaRequired === 'none') return false;
    return mfaRequired === 'everyone' || decider.isAdministrator(userId);
  };
}
