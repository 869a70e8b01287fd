import { overviewEndpoints, type StaticInfo, type TopStats } from '@portal/contracts';
import { call } from '../../../api/call.ts';

export type { StaticInfo, TopStats };

/** One bar of a ranking: the organisation or role and how many members or holders it has. */
export type TopEntry = TopStats['roles'][number];

export const overviewQueries = {
  staticInfo: {
    queryKey: ['permission', 'common', 'staticInfo'] as const,
    queryFn: (): Promise<StaticInfo> => call(overviewEndpoints.counts),
  },
  topStats: {
    queryKey: ['permission', 'common', 'stats', 'top'] as const,
    queryFn: (): Promise<TopStats> => call(overviewEndpoints.topTen),
  },
};
