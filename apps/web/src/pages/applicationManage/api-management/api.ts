import { apiCatalogueEndpoints, type ApiCatalogueQuery } from '@portal/contracts';
import { call } from '../../../api/call.ts';

/** Query-key root of the catalogue's queries. */
export const API_CATALOGUE_KEY = ['admin', 'api-catalogue'] as const;

export const fetchApis = (query: ApiCatalogueQuery) => call(apiCatalogueEndpoints.list, { query });
export const fetchApiFacets = () => call(apiCatalogueEndpoints.facets);
export const fetchApi = (apiId: string) => call(apiCatalogueEndpoints.get, { params: { apiId } });
