import type { SelfProfile, SelfProfileInput } from '@portal/contracts';
import { http } from '../../../api/http.ts';
import { permissionUrl } from '../../../components/admin/adminApi.ts';

/** Its own leaf: ['permission','users','self'] is also the prefix of the TOTP, sessions and bound-accounts keys. */
export const SELF_PROFILE_KEY = ['permission', 'users', 'self', 'profile'] as const;

export const fetchSelfProfile = (): Promise<SelfProfile> => http.get<SelfProfile>(permissionUrl('/users/self')).then((r) => r.data);

export const updateSelfProfile = (input: SelfProfileInput): Promise<SelfProfile> =>
  http.put<SelfProfile>(permissionUrl('/users/self'), input).then((r) => r.data);

/** POST /users/sign: a PNG data: URL. */
export const saveSignature = (signature: string): Promise<unknown> => http.post(permissionUrl('/users/sign'), { signature });
