import { organizationEndpoints } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ADMIN_KEYS } from './adminApi.ts';
import type { OrgNode } from './orgTree.ts';

/**
 * The contract types the nested tree as organisations (its schema refers to the recursive node by
 * reference); the nodes carry their `children`, which OrgNode names.
 */
export const fetchOrgTree = (): Promise<OrgNode[]> => call(organizationEndpoints.wholeTree) as Promise<OrgNode[]>;

/** The whole organisation tree (GET /v1/org/tree/whole), shared by every page that shows it. */
export const useOrgTree = () => useQuery({ queryKey: ADMIN_KEYS.orgTree, queryFn: fetchOrgTree });
