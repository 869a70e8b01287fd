import type { ChangePasswordBody } from '@portal/contracts';
import { http } from '../../api/http.ts';

/** PUT /oauth/password: the current password (and a code with an authenticator app) sets a new one. */
export const changePassword = (body: ChangePasswordBody): Promise<void> =>
  http.put('/api/reception-center/oauth/password', body, { silent: true }).then(() => undefined);
