import type { Application, PageOf } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../app/api/http.ts';
import { asList } from '../../../components/admin/pageQuery.ts';

export const OWNED_APPLICATIONS_KEY = ['permission', 'applications', 'self', 'owned'] as const;

/** GET /applications/self?owned=true: the applications the caller owns (a short list, filtered here). */
export const fetchOwnedApplications = (): Promise<Application[]> =>
  http
    .get<Application[] | PageOf<Application>>('/api/permission/applications/self', { params: { owned: true } })
    .then((r) => asList(r.data));

export const useOwnedApplications = () => useQuery({ queryKey: OWNED_APPLICATIONS_KEY, queryFn: fetchOwnedApplications });
