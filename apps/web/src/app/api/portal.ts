import { memberEndpoints, ownGrantEndpoints, type FrontendResources, type Member } from '@portal/contracts';
import { call } from '../../api/call.ts';

/** The signed-in member; the caller decides where a failure leads (spec §8), so no toast. */
export const fetchMember = (): Promise<Member> => call(memberEndpoints.who, undefined, { silent: true });

/** The caller's permitted menu tree and resource strings; failures get their own toast. */
export const fetchFrontendResources = (): Promise<FrontendResources> => call(ownGrantEndpoints.frontend, undefined, { silent: true });
