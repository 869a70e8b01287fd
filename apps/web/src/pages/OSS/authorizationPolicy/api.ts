import {
  everyKeyEndpoints,
  ownKeyEndpoints,
  type AccessKeyCreate,
  type AccessKeyUpdate,
  type AccessKeyView,
  type AccessKeyWithSecret,
  type PageOf,
} from '@portal/contracts';
import { call } from '../../../api/call.ts';

/** Whose keys a tab shows: the caller's own (v1) or every user's (v2, the page's points). */
export type KeyScope = 'own' | 'every';

/** Query keys: every list of keys sits under one root, so any change reloads both tabs. */
export const KEYS_ROOT = ['oss', 'accessKeys'] as const;

const endpointsOf = (scope: KeyScope) => (scope === 'own' ? ownKeyEndpoints : everyKeyEndpoints);
const oneKey = (accessKeyId: string) => ({ params: { accessKeyId } });

export interface KeyListQuery {
  page: number;
  size: number;
  keyword?: string;
  ownerId?: string;
}

/** The own keys come as one array (at most 100): paged and searched here so both tabs behave alike. */
export function pageOfOwn(keys: readonly AccessKeyView[], query: KeyListQuery): PageOf<AccessKeyView> {
  const keyword = query.keyword?.trim().toLowerCase() ?? '';
  const matching = keyword
    ? keys.filter((key) => key.accessKeyId.toLowerCase().includes(keyword) || (key.name ?? '').toLowerCase().includes(keyword))
    : [...keys];
  const start = (query.page - 1) * query.size;
  return { list: matching.slice(start, start + query.size), total: matching.length, page: query.page, size: query.size };
}

export const keyApi = {
  page: async (scope: KeyScope, query: KeyListQuery): Promise<PageOf<AccessKeyView>> =>
    scope === 'own' ? pageOfOwn(await call(ownKeyEndpoints.list), query) : call(everyKeyEndpoints.list, { query }),
  create: (scope: KeyScope, body: AccessKeyCreate & { ownerId?: string | undefined }): Promise<AccessKeyWithSecret> =>
    scope === 'own' || !body.ownerId
      ? call(ownKeyEndpoints.create, { body: { ...(body.name === undefined ? {} : { name: body.name }), policy: body.policy } })
      : call(everyKeyEndpoints.create, { body: { ...body, ownerId: body.ownerId } }),
  update: (scope: KeyScope, accessKeyId: string, body: AccessKeyUpdate) =>
    call(endpointsOf(scope).update, { ...oneKey(accessKeyId), body }),
  rotate: (scope: KeyScope, accessKeyId: string): Promise<AccessKeyWithSecret> => call(endpointsOf(scope).rotate, oneKey(accessKeyId)),
  remove: (scope: KeyScope, accessKeyId: string) => call(endpointsOf(scope).remove, oneKey(accessKeyId)),
};
