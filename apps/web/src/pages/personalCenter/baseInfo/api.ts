import { ownProfileEndpoints, type SelfProfile, type SelfProfileInput } from '@portal/contracts';
import { call } from '../../../api/call.ts';

/** Its own leaf: ['permission','users','self'] is also the prefix of the TOTP, sessions and bound-accounts keys. */
export const SELF_PROFILE_KEY = ['permission', 'users', 'self', 'profile'] as const;

export const fetchSelfProfile = (): Promise<SelfProfile> => call(ownProfileEndpoints.get);

export const updateSelfProfile = (input: SelfProfileInput): Promise<SelfProfile> => call(ownProfileEndpoints.update, { body: input });

/** POST /users/sign: a PNG data: URL. */
export const saveSignature = (signature: string): Promise<unknown> => call(ownProfileEndpoints.setSignature, { body: { signature } });
