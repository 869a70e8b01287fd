import { signInEndpoints, type ChangePasswordBody } from '@portal/contracts';
import { call } from '../../api/call.ts';

/** PUT /oauth/password: the current password (and a code with an authenticator app) sets a new one. */
export const changePassword = (body: ChangePasswordBody): Promise<void> =>
  call(signInEndpoints.changePassword, { body }, { silent: true }).then(() => undefined);
