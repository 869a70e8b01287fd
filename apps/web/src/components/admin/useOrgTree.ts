import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http.ts';
import { ADMIN_KEYS, permissionUrl } from './adminApi.ts';
import type { OrgNode } from './orgTree.ts';

export const fetchOrgTree = (): Promise<OrgNode[]> => http.get<OrgNode[]>(permissionUrl('/v1/org/tree/whole')).then((r) => r.data);

/** The whole organisation tree (GET /v1/org/tree/whole), shared by every page that shows it. */
export const useOrgTree = () => useQuery({ queryKey: ADMIN_KEYS.orgTree, queryFn: fetchOrgTree });
