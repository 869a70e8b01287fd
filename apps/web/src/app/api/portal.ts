import type { FrontendResources, Member } from '@portal/contracts';
import { http } from '../../api/http.ts';

/** The signed-in member; the caller decides where a failure leads (spec §8), so no toast. */
export const fetchMember = (): Promise<Member> =>
  http.get<Member>('/api/reception-center/member/who', { silent: true }).then((r) => r.data);

/** The caller's permitted menu tree and resource strings; failures get their own toast. */
export const fetchFrontendResources = (): Promise<FrontendResources> =>
  http.get<FrontendResources>('/api/permission/users/resources/frontend', { silent: true }).then((r) => r.data);
