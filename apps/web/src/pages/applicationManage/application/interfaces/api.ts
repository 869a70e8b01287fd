import {
  apiAuthorizationEndpoints as authorizations,
  applicationEndpoints,
  applicationSelfEndpoints,
  externalApiEndpoints as apis,
  type ApiAuthorizationInput,
  type Application,
  type ExternalApiInput,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../api/call.ts';
import { asList } from '../../../../components/admin/pageQuery.ts';
import { APPLICATION_KEY } from '../api.ts';

/** Query-key root of one application's external APIs and the authorisations to call them. */
export const interfacesKey = (applicationId: string) => [...APPLICATION_KEY, 'interfaces', applicationId] as const;

/** The application's external APIs, one cached query for the APIs card and the grant dialog. */
export const useExternalApis = (applicationId: string) =>
  useQuery({ queryKey: [...interfacesKey(applicationId), 'apis'], queryFn: () => call(apis.list, { params: { applicationId } }) });
export const createExternalApi = (applicationId: string, body: ExternalApiInput) => call(apis.create, { params: { applicationId }, body });
export const updateExternalApi = (applicationId: string, apiId: string, body: ExternalApiInput) =>
  call(apis.update, { params: { applicationId, apiId }, body });
export const removeExternalApi = (applicationId: string, apiId: string) => call(apis.remove, { params: { applicationId, apiId } });

/** Imports an OpenAPI 3 document's operations (all or none); silent, so the dialog shows a refusal itself. */
export const importOpenApi = (applicationId: string, document: { openapi: string; paths: Record<string, unknown> }) =>
  call(apis.importOpenApi, { params: { applicationId }, body: document }, { silent: true });

export const fetchGranted = (applicationId: string) => call(authorizations.list, { params: { applicationId } });
export const fetchReceived = (applicationId: string) => call(authorizations.received, { params: { applicationId } });
export const grantApi = (applicationId: string, body: ApiAuthorizationInput) =>
  call(authorizations.create, { params: { applicationId }, body });
export const setGrantExpiry = (applicationId: string, authorizationId: string, expiresAt: string | null) =>
  call(authorizations.update, { params: { applicationId, authorizationId }, body: { expiresAt } });
export const revokeGrant = (applicationId: string, authorizationId: string) =>
  call(authorizations.revoke, { params: { applicationId, authorizationId } });

/**
 * Applications that may be authorised to call: every application, by keyword, for a holder of the
 * applications list; otherwise the ones the caller may open (an owner without console points).
 */
export const searchApplications = (everyApplication: boolean, keyword: string): Promise<Application[]> =>
  everyApplication
    ? call(applicationEndpoints.list, { query: { size: 20, ...(keyword ? { keyword } : {}) } }).then((page) => page.list)
    : call(applicationSelfEndpoints.mine)
        .then(asList)
        .then((list) => list.filter((app) => app.name.toLowerCase().includes(keyword.toLowerCase())));

/**
 * The names of the applications whose APIs this one may call (an authorisation names only the
 * caller): each read by id for a holder of the applications list, else found among those the user may open.
 */
export async function applicationNames(everyApplication: boolean, ids: readonly string[]): Promise<Map<string, string>> {
  const found = everyApplication
    ? await Promise.all(
        [...new Set(ids)].map((applicationId) =>
          call(applicationEndpoints.get, { params: { applicationId } }, { silent: true }).catch(() => null),
        ),
      )
    : await call(applicationSelfEndpoints.mine).then(asList);
  return new Map(found.flatMap((app) => (app ? [[app.id, app.name] as const] : [])));
}
