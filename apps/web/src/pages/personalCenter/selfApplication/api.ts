import { applicationSelfEndpoints, type Application } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { asList } from '../../../components/admin/pageQuery.ts';

export const OWNED_APPLICATIONS_KEY = ['permission', 'applications', 'self', 'owned'] as const;

/** GET /applications/self?owned=true: the applications the caller owns (a short list, filtered here). */
const fetchOwnedApplications = (): Promise<Application[]> => call(applicationSelfEndpoints.mine, { query: { owned: true } }).then(asList);

/** The whole owned list, cached once: the list page pages it, the detail and build views pick from it. */
export const ownedApplicationsQuery = queryOptions({ queryKey: OWNED_APPLICATIONS_KEY, queryFn: fetchOwnedApplications });

export const useOwnedApplications = () => useQuery(ownedApplicationsQuery);
