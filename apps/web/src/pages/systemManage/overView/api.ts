import type { StaticInfo, TopStats } from '@portal/contracts';
import { http } from '../../../api/http.ts';
import { permissionUrl } from '../../../components/admin/adminApi.ts';

export type { StaticInfo, TopStats };

/** One bar of a ranking: the organisation or role and how many members or holders it has. */
export type TopEntry = TopStats['roles'][number];

export const overviewQueries = {
  staticInfo: {
    queryKey: ['permission', 'common', 'staticInfo'] as const,
    queryFn: async (): Promise<StaticInfo> => (await http.get<StaticInfo>(permissionUrl('/common/staticInfo'))).data,
  },
  topStats: {
    queryKey: ['permission', 'common', 'stats', 'top'] as const,
    queryFn: async (): Promise<TopStats> => (await http.get<TopStats>(permissionUrl('/common/stats/top'))).data,
  },
};
